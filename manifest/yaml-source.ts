/**
 * YAML with line numbers: parses a YAML text, reports syntax errors with their
 * line, and turns zod issues into content errors that point at the offending
 * key or value.
 */
import * as z from 'zod/mini';
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
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: true, uniqueKeys: true });
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
