/**
 * YAML with line numbers: parses a YAML text, reports syntax errors with their
 * line, and turns zod issues into content errors that point at the offending
 * key or value.
 *
 * Two parsers. `yaml` keeps every node's place in the text, which the error
 * messages need, and is the reference for what a text means. js-yaml only
 * builds the value, three to four times faster (the OpenAPI document: about
 * 30 against 110 ms on a first parse), and every build parses some 150 YAML
 * texts: the site's configuration, each page's front matter, the OpenAPI
 * document and the examples in the pages. So a text is read with js-yaml,
 * under a schema that resolves plain scalars as `yaml`'s core schema does;
 * `yaml` parses it only when a line is asked for (a schema error) or when
 * the fast path cannot promise the same value: a syntax error (its messages
 * are `yaml`'s), or a text with aliases, tags other than the core schema's,
 * directives, complex keys or an empty or null key, where the two differ.
 * `tests/unit/manifest/yaml-source.test.ts` checks that both give the same
 * value for every YAML text of the content and for the constructs they
 * share.
 */
import * as z from 'zod/mini';
import jsYaml from 'js-yaml';
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { ContentError } from './errors.ts';

z.config(z.locales.en());

/** A parsed YAML source: its value and a way back from a path to a line. */
export interface YamlSource {
  value: unknown;
  lineOf(path: ReadonlyArray<PropertyKey>): number;
}

/**
 * Parses `text`, which starts at `firstLine` of `file`. Syntax errors are
 * pushed to `errors` and the value is then undefined.
 */
export function parseYaml(text: string, file: string, firstLine: number, errors: ContentError[]): YamlSource | undefined {
  const fast = fastValue(text);
  if (fast) {
    let kept: { doc: Document; lc: LineCounter } | undefined;
    return {
      value: fast.value,
      lineOf: (path) => {
        kept ??= parsed(text);
        return lineOfPath(kept.doc, kept.lc, path) + firstLine - 1;
      },
    };
  }
  return parseWithPlaces(text, file, firstLine, errors);
}

/** `yaml`'s document of a text, with the line counter its places are read through. */
function parsed(text: string): { doc: Document; lc: LineCounter } {
  const lc = new LineCounter();
  return { doc: parseDocument(text, { lineCounter: lc, prettyErrors: true, uniqueKeys: true }), lc };
}

/**
 * Texts js-yaml and `yaml` may read differently, found before parsing: a
 * directive (`%` at a line's start: `%YAML 1.1` changes `yaml`'s schema), a
 * complex key (`? `), a flow collection as a key (`[a, b]: c`, or an entry
 * of a flow mapping: js-yaml names it "a,b" or "[object Object]", `yaml`
 * "[ a, b ]"), or an empty or null key (js-yaml names it "null", `yaml` "").
 * Looked for in the text with its quoted scalars blanked (QUOTED), comments
 * included: a false alarm only costs the slower parse. Tags need no pattern:
 * the schema below knows only the core ones, so js-yaml stops at any other;
 * an alias is found in the value (see `sharesObjects`).
 */
const DIFFERS = new RegExp(
  [
    /^%/,
    /(?:^[ \t-]*|[[{,][ \t]*)\?(?:[ \t]|$)/,
    /(?:^[ \t-]*|[[{,][ \t]*)[[{][^\n]*[\]}][ \t]*:(?:[ \t]|$)/,
    /(?:^|[\s:[{,])\{[ \t]*[[{]|,[ \t]*[[{]/,
    /(?:^[ \t-]*|[{,][ \t]*)(?:~|null|Null|NULL)?[ \t]*:(?:[ \t,\]}]|$)/,
  ]
    .map((r) => r.source)
    .join('|'),
  'm',
);
/** A quoted scalar on one line, where a node starts (so an apostrophe inside a plain word is no quote). */
const QUOTED = /(^|[\s:[{,-])(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*')/gm;

/**
 * Whether an object or array appears twice in a value: an alias. js-yaml
 * shares the anchor's object; `yaml` copies it, and stops a text whose
 * aliases would expand past a bound (a "billion laughs").
 */
function sharesObjects(value: unknown): boolean {
  const seen = new Set<object>();
  const todo: unknown[] = [value];
  while (todo.length > 0) {
    const v = todo.pop();
    if (v === null || typeof v !== 'object') continue;
    if (seen.has(v)) return true;
    seen.add(v);
    todo.push(...(Object.values(v) as unknown[]));
  }
  return false;
}

/** A plain scalar of `yaml`'s core schema: the pattern, and the value it stands for. */
const coreScalar = (tag: string, forms: ReadonlyArray<[RegExp, (s: string) => unknown]>) =>
  new jsYaml.Type(tag, {
    kind: 'scalar',
    resolve: (s: string | null) => s !== null && forms.some(([re]) => re.test(s)),
    construct: (s: string) => forms.find(([re]) => re.test(s))![1](s),
  });

/**
 * `yaml`'s core schema (YAML 1.2), its patterns, for js-yaml: js-yaml's own
 * core schema reads more forms as numbers (`0b1`, `-0x1F`) and fewer (`-.5`).
 */
const CORE = jsYaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    coreScalar('tag:yaml.org,2002:null', [[/^(?:~|[Nn]ull|NULL)?$/, () => null]]),
    coreScalar('tag:yaml.org,2002:bool', [[/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (s) => s[0] === 't' || s[0] === 'T']]),
    coreScalar('tag:yaml.org,2002:int', [
      [/^0o[0-7]+$/, (s) => parseInt(s.slice(2), 8)],
      [/^[-+]?[0-9]+$/, (s) => parseInt(s, 10)],
      [/^0x[0-9a-fA-F]+$/, (s) => parseInt(s.slice(2), 16)],
    ]),
    coreScalar('tag:yaml.org,2002:float', [
      [/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/, (s) => (/nan$/i.test(s) ? NaN : s.startsWith('-') ? -Infinity : Infinity)],
      [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, (s) => parseFloat(s)],
      [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, (s) => parseFloat(s)],
    ]),
  ],
});

/** The text's value read by js-yaml, or undefined when the text is `yaml`'s to read. */
export function fastValue(text: string): { value: unknown } | undefined {
  if (DIFFERS.test(text.replace(QUOTED, '$1""'))) return undefined;
  try {
    // An empty document is null in `yaml`, undefined in js-yaml.
    const value = jsYaml.load(text, { schema: CORE }) ?? null;
    return sharesObjects(value) ? undefined : { value };
  } catch {
    return undefined;
  }
}

/** The text read by `yaml`, with its syntax errors reported. */
function parseWithPlaces(text: string, file: string, firstLine: number, errors: ContentError[]): YamlSource | undefined {
  const { doc, lc } = parsed(text);
  if (doc.errors.length > 0) {
    for (const e of doc.errors) {
      const line = (e.linePos?.[0]?.line ?? 1) + firstLine - 1;
      const first = e.message.split('\n')[0] ?? e.message;
      errors.push({
        file,
        line,
        message: `Invalid YAML: ${first.replace(/ at line \d+, column \d+:?$/, '')}.`,
        fix: 'Correct the YAML syntax (indentation, a missing colon or quote, a duplicate key).',
      });
    }
    return undefined;
  }
  let value: unknown;
  try {
    value = doc.toJS();
  } catch (e) {
    // An alias to no anchor, or so many aliases that expanding them would exhaust memory.
    errors.push({
      file,
      line: firstLine,
      message: `Invalid YAML: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}.`,
      fix: 'Define each &anchor before its *alias, and do not nest aliases deeply.',
    });
    return undefined;
  }
  return {
    value,
    lineOf: (path) => lineOfPath(doc, lc, path) + firstLine - 1,
  };
}

function lineOfPath(doc: Document, lc: LineCounter, path: ReadonlyArray<PropertyKey>): number {
  let node: unknown = doc.contents;
  let line = node && (node as Node).range ? lc.linePos((node as Node).range![0]).line : 1;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
      if (!pair) break;
      const k = pair.key as Node | null;
      if (k?.range) line = lc.linePos(k.range[0]).line;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
      const n = node as Node | undefined;
      if (n?.range) line = lc.linePos(n.range[0]).line;
    } else break;
  }
  return line;
}

/** Human text for a zod issue's path: `features[0].title`. */
function pathText(path: ReadonlyArray<PropertyKey>): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k)}`)).join('');
}

/** Turns a failed schema parse into content errors, one per issue, each with its line. */
export function schemaErrors(issues: ReadonlyArray<z.core.$ZodIssue>, source: YamlSource, file: string, what: string): ContentError[] {
  return issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys;
      return {
        file,
        line: source.lineOf([...issue.path, keys[0]!]),
        message: `Unknown ${what} field${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${pathText([...issue.path, k])}"`).join(', ')}.`,
        fix: 'Remove it or correct its spelling (the README lists every field).',
      };
    }
    const at = pathText(issue.path) || '(root)';
    return {
      file,
      line: source.lineOf(issue.path),
      message: `${what[0]!.toUpperCase()}${what.slice(1)} field "${at}": ${issue.message}.`,
      fix:
        issue.code === 'invalid_value'
          ? 'Use one of the values listed.'
          : issue.code === 'invalid_format'
            ? `Write "${at}" in the form the message describes.`
            : `Give "${at}" a value of the expected type.`,
    };
  });
}
