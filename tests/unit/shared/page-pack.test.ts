import { describe, expect, it } from 'vitest';
import { packPage, unpackPage } from '../../../src/shared/page-pack.ts';
import type { PageRecord } from '../../../src/shared/schemas/page-record.ts';

const record = (over: Partial<PageRecord> = {}): PageRecord => ({
  title: 'Test an IVR',
  frontmatter: { title: 'Test an IVR', description: 'Call a number and check each prompt.' },
  regularPath: '/guides/ivr/',
  relativePath: 'guides/ivr/index.md',
  key: 'v-1',
  path: '/guides/ivr/',
  headers: [{ level: 2, title: 'Dial', slug: 'dial' }],
  lastUpdated: 'November 25, 2026',
  lastUpdatedTimestamp: 1,
  ...over,
});

describe('packPage and unpackPage', () => {
  const pages = [
    { buildId: 'b', key: 'v-1', path: '/guides/ivr/', record: record(), description: 'Call a number and check each prompt.', html: false, images: {} },
    // A permalink: the regular path is not the path, and stays.
    {
      buildId: 'b',
      key: 'v-2',
      path: '/cli/',
      record: record({ path: '/cli/', regularPath: '/guides/cli/', key: 'v-2' }),
      description: 'Call a number and check each prompt.',
      html: false,
      images: {},
    },
    // No front-matter description: the description is the lead's, and stays.
    { buildId: 'b', key: 'v-1', path: '/guides/ivr/', record: record({ frontmatter: { title: 'Test an IVR' } }), description: 'The lead paragraph.', html: false, images: {} },
    { buildId: 'b', key: 'v-1', path: '/guides/ivr/', record: record({ frontmatter: {} }), html: false, images: {} },
  ];

  it('writes less and gives back exactly what it was given', () => {
    for (const page of pages) {
      const packed = JSON.stringify(packPage(page));
      expect(packed.length).toBeLessThan(JSON.stringify(page).length);
      expect(unpackPage(JSON.parse(packed))).toEqual(page);
    }
  });

  it('leaves whole data and what is not a page as they are', () => {
    for (const page of pages) expect(unpackPage(JSON.parse(JSON.stringify(page)))).toEqual(page);
    expect(unpackPage(null)).toBeNull();
    expect(unpackPage([1])).toEqual([1]);
    expect(unpackPage({ record: 'x' })).toEqual({ record: 'x' });
  });
});
