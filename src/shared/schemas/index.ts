export * from './site-config.ts';
export * from './front-matter.ts';
export * from './page-record.ts';
export * from './manifest.ts';
export * from './site-data.ts';
