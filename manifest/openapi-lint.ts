/**
 * Checks swagger-parser leaves out for OpenAPI 3.x but the reference needs:
 * every operation has a unique operationId, a summary (its heading), a tag
 * (its page section), and declares each `{name}` of its path template.
 */
import type { ContentError } from './errors.ts';
import { isRecord, operationsOf, parametersOf } from './openapi-refs.ts';
import type { YamlSource } from './yaml-source.ts';

/** One error per missing or clashing field, each at the line of its operation. */
export function lintOperations(source: YamlSource, file: string): ContentError[] {
  const doc = source.value;
  if (!isRecord(doc)) return [];
  const errors: ContentError[] = [];
  const ids = new Map<string, string>();
  for (const ref of operationsOf(doc)) {
    const where = `${ref.method.toUpperCase()} ${ref.path}`;
    // Looked up only for an error: finding a line parses the document again with places (yaml-source.ts).
    const add = (message: string, fix: string) => errors.push({ file, line: source.lineOf(['paths', ref.path, ref.method]), message: `${where}: ${message}`, fix });
    const { operationId, summary, tags } = ref.op;
    if (typeof operationId !== 'string' || !operationId) {
      add('has no operationId.', 'Add a unique `operationId`.');
    } else if (ids.has(operationId)) {
      add(`repeats the operationId "${operationId}" of ${ids.get(operationId)}.`, 'Give each operation its own operationId.');
    } else {
      ids.set(operationId, where);
    }
    if (typeof summary !== 'string' || !summary.trim()) {
      add('has no summary.', 'Add a `summary`; it becomes the heading of the operation in the reference.');
    }
    if (!Array.isArray(tags) || tags.length === 0) {
      add('has no tag.', 'Add `tags: [Test API]` or `tags: [Device API]` so a page can show it.');
    }
    const declared = new Set(
      parametersOf(doc, ref)
        .filter((p) => p.in === 'path')
        .map((p) => p.name),
    );
    for (const m of ref.path.matchAll(/\{([^}]+)\}/g)) {
      if (!declared.has(m[1])) {
        add(`does not declare the path parameter "${m[1]}".`, `Add a parameter with \`name: ${m[1]}\` and \`in: path\`.`);
      }
    }
  }
  return errors;
}
