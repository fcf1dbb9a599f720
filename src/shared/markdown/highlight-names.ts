/** Fence languages, as authors write them after ``` , mapped to highlight.js names (shared by the app and the build). */
export const HIGHLIGHT_ALIASES: Readonly<Record<string, string>> = {
  yml: 'yaml',
  sh: 'bash',
  shell: 'bash',
  console: 'bash',
  zsh: 'bash',
  js: 'javascript',
  mjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  py: 'python',
  html: 'xml',
  jenkinsfile: 'groovy',
  toml: 'ini',
};

/** The highlight.js name for a fence's language among `known`, or null when it is not highlighted. */
export function highlightName(lang: string, known: Readonly<Record<string, unknown>>): string | null {
  const l = lang.toLowerCase();
  const name = HIGHLIGHT_ALIASES[l] ?? l;
  return Object.hasOwn(known, name) ? name : null;
}
