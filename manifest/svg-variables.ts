/**
 * Diagrams state the site's numbers through the site variables too: an SVG
 * under content/public that holds `{{ vars.name }}` is published with the
 * values written in (XML-escaped), so a changed default changes its figures.
 * Other public files are copied as they are.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ContentError } from './errors.ts';
import { substituteVariables } from './variables.ts';

const escapeXml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The SVGs of `publicFiles` (paths starting with `/`) that use site variables,
 * as path under dist/ -> text with the values in. Unknown names are errors.
 */
export function templatedSvgs(publicDir: string, publicFiles: ReadonlySet<string>, vars: Readonly<Record<string, string>>, rel: (abs: string) => string, errors: ContentError[]): Map<string, string> {
  const escaped = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, escapeXml(v)]));
  const out = new Map<string, string>();
  for (const f of publicFiles) {
    if (!f.toLowerCase().endsWith('.svg')) continue;
    const abs = path.join(publicDir, f);
    const text = readFileSync(abs, 'utf8');
    if (!text.includes('vars.')) continue;
    out.set(f.slice(1), substituteVariables(text, escaped, rel(abs), 1, errors));
  }
  return out;
}
