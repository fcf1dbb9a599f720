/** ES modules asked for ahead of their import, each once. */
const asked = new Set<string>();

/**
 * Adds a `<link rel="modulepreload">` for each URL not asked for yet: the
 * browser fetches and compiles them now, so an import() of one of them finds
 * its whole graph under way instead of discovering it one level at a time.
 */
export function preloadModules(urls: ReadonlyArray<string>): void {
  for (const href of urls) {
    if (asked.has(href)) continue;
    asked.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
