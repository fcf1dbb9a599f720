/**
 * Site variables: `{{ vars.name }}` in a page is replaced with the value from
 * content/_config/variables.yml. Fenced code blocks are left alone unless their
 * info string carries the word `vars`.
 */
import type { ContentError } from './errors.ts';

const VAR = /\{\{\s*vars\.([A-Za-z0-9_]+)\s*\}\}/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** Replaces every site variable in `body`; unknown names are errors at their line. */
export function substituteVariables(body: string, vars: Readonly<Record<string, string>>, file: string, bodyLine: number, errors: ContentError[]): string {
  const lines = body.split('\n');
  let fence: { marker: string; vars: boolean } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1]!.startsWith(fence.marker[0]!) && f[1]!.length >= fence.marker.length && f[2]!.trim() === '') {
        fence = null;
        continue;
      }
      if (!fence.vars) continue;
    } else if (f) {
      const info = f[2]!.trim().split(/\s+/);
      fence = { marker: f[1]!, vars: info.includes('vars') };
      // The `vars` flag is ours, not a language: drop it from the info string.
      if (fence.vars) lines[i] = line.replace(/\s+vars\b/, '');
      continue;
    }
    lines[i] = line.replace(VAR, (whole, name: string) => {
      const v = vars[name];
      if (v !== undefined) return v;
      errors.push({
        file,
        line: bodyLine + i,
        message: `Unknown site variable "${name}" in ${whole}.`,
        fix: `Define "${name}" in content/_config/variables.yml or use one of: ${Object.keys(vars).slice(0, 8).join(', ')}…`,
      });
      return whole;
    });
  }
  return lines.join('\n');
}
