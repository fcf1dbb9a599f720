/**
 * Ajv's errors as content errors: one per offending place, at the line of
 * that place in the example, in words a writer can act on.
 */
import type { ErrorObject } from 'ajv';
import type { ContentError } from './errors.ts';
import type { YamlSource } from './yaml-source.ts';

/** Keywords that only say that none of their branches matched; the branches say why. */
const BRANCHES = new Set(['anyOf', 'oneOf']);

/** `/tests/0/steps/1` -> ['tests', 0, 'steps', 1]. */
function segments(instancePath: string): Array<string | number> {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** `['tests', 0, 'steps']` -> `tests[0].steps`. */
function pathText(path: ReadonlyArray<string | number>): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${k}`)).join('') || '(root)';
}

const shown = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

/**
 * Turns Ajv's errors (compiled with `allErrors` and `verbose`) into content
 * errors: one per unknown field, and one per other offending place. The
 * failed branches of an `anyOf`/`oneOf` are summed up as one message naming
 * the allowed forms.
 */
export function schemaContentErrors(errors: ReadonlyArray<ErrorObject>, source: YamlSource, file: string, what: string, fix: string): ContentError[] {
  const out: ContentError[] = [];
  const push = (at: ReadonlyArray<string | number>, message: string) => {
    const line = source.lineOf(at);
    const text = `${what}: ${message}.`;
    if (!out.some((e) => e.line === line && e.message === text)) out.push({ file, line, message: text, fix });
  };
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) byPath.set(e.instancePath, [...(byPath.get(e.instancePath) ?? []), e]);
  for (const [instancePath, group] of byPath) {
    const path = segments(instancePath);
    for (const e of group.filter((x) => x.keyword === 'additionalProperties')) {
      const at = [...path, (e.params as { additionalProperty: string }).additionalProperty];
      push(at, `unknown field "${pathText(at)}"`);
    }
    const rest = group.filter((x) => x.keyword !== 'additionalProperties');
    if (rest.length === 0) continue;
    const branch = rest.find((e) => BRANCHES.has(e.keyword));
    const others = rest.filter((e) => !BRANCHES.has(e.keyword));
    const missing = (e: ErrorObject) => (e.params as { missingProperty: string }).missingProperty;
    if (branch && others.length > 0 && others.every((e) => e.keyword === 'required')) {
      push(path, `"${pathText(path)}" needs one of the fields ${others.map((e) => `"${missing(e)}"`).join(', ')}`);
    } else if (branch) {
      const described = (branch.parentSchema as { description?: string } | undefined)?.description;
      push(path, `"${pathText(path)}" is ${shown(branch.data)}, which matches none of the allowed forms${described ? ` (${described})` : ''}`);
    } else {
      for (const e of others) {
        if (e.keyword === 'required') {
          push(path, `"${pathText(path)}" lacks the required field "${missing(e)}"`);
          continue;
        }
        const described = (e.parentSchema as { description?: string } | undefined)?.description;
        const allowed = e.keyword === 'enum' ? `: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : '';
        push(path, `"${pathText(path)}" ${e.message ?? 'is invalid'}${allowed}, got ${shown(e.data)}${described ? ` (${described})` : ''}`);
      }
    }
  }
  return out.sort((a, b) => a.line - b.line);
}
