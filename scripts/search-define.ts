/**
 * The esbuild defines that pick the search engine when the app is built:
 * DocSearch when both DOCSEARCH_APP_ID and DOCSEARCH_API_KEY are set, the
 * local index otherwise (src/search/index.ts reads them as import.meta.env).
 */
export function searchDefine(env: Record<string, string | undefined>): Record<string, string> {
  return {
    'import.meta.env.DOCSEARCH_APP_ID': JSON.stringify(env.DOCSEARCH_APP_ID ?? ''),
    'import.meta.env.DOCSEARCH_API_KEY': JSON.stringify(env.DOCSEARCH_API_KEY ?? ''),
  };
}
