/**
 * Syntax highlighting with highlight.js, loaded on first use: the core and
 * each language are separate chunks, fetched only for the languages a page
 * shows. Returns highlight.js's HTML, in which the code text is escaped.
 */
import { importOrCheckDeploy } from '../data/deploy.ts';
import { highlightName } from '../shared/markdown/highlight-names.ts';
import { mergeSpans } from '../shared/markdown/merge-spans.ts';

type HljsCore = typeof import('highlight.js/lib/core').default;

/** Languages the content uses, by the names and aliases authors write after ``` . */
const LANGUAGES: Record<string, () => Promise<{ default: unknown }>> = {
  yaml: () => import('highlight.js/lib/languages/yaml'),
  json: () => import('highlight.js/lib/languages/json'),
  bash: () => import('highlight.js/lib/languages/bash'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  python: () => import('highlight.js/lib/languages/python'),
  xml: () => import('highlight.js/lib/languages/xml'),
  groovy: () => import('highlight.js/lib/languages/groovy'),
  http: () => import('highlight.js/lib/languages/http'),
  ini: () => import('highlight.js/lib/languages/ini'),
};
/** The highlight.js name for a fence's language, or null when it is not highlighted. */
export function languageOf(lang: string): string | null {
  return highlightName(lang, LANGUAGES);
}

let core: Promise<HljsCore> | null = null;
const registered = new Map<string, Promise<void>>();

/** Highlights `code` as `lang` (a name from languageOf). */
export async function highlight(code: string, lang: string): Promise<string> {
  core ??= importOrCheckDeploy(() => import('highlight.js/lib/core')).then((m) => m.default);
  const hljs = await core;
  let ready = registered.get(lang);
  if (!ready) {
    ready = importOrCheckDeploy(LANGUAGES[lang]!).then((m) => hljs.registerLanguage(lang, m.default as never));
    registered.set(lang, ready);
  }
  await ready;
  // Each block in a task of its own: the blocks of a page wait on the same files, and highlighting
  // them all as those arrive would be one long task while the page is still being read in.
  await nextTask();
  return mergeSpans(hljs.highlight(code, { language: lang, ignoreIllegals: true }).value);
}

/** Resolves in a new task, after the browser has had the chance to paint and handle input. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
