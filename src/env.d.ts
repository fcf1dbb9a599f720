/** Build-time constants: scripts/build.ts defines each as a string literal through esbuild's `define`. */
interface ImportMetaEnv {
  /** Algolia application id for DocSearch; '' means local search. */
  readonly DOCSEARCH_APP_ID: string;
  /** Algolia search-only API key for DocSearch; '' means local search. */
  readonly DOCSEARCH_API_KEY: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** True in the dev server's bundles only (esbuild's define; production builds define it as false). */
declare const __DEV__: boolean;
