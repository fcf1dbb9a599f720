/**
 * `<!-- openapi: TAG -->` on a line of its own is replaced with the generated
 * reference of every operation of that tag in content/public/openapi.yaml.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ContentError } from './errors.ts';
import { loadOpenApi, renderOpenApiTag, type OpenApiDoc } from './openapi.ts';

const DIRECTIVE = /^<!--\s*openapi:\s*(.+?)\s*-->\s*$/;

/** The loaded document and the expander pages use. */
export interface OpenApiExpander {
  /** The dereferenced document, or null when it is missing or invalid. */
  doc: OpenApiDoc | null;
  expand(body: string, file: string, bodyLine: number, errors: ContentError[]): string;
}

export const expandOpenApi = {
  /** Loads and validates content/public/openapi.yaml when it exists. */
  async load(contentDir: string, rel: (abs: string) => string, errors: ContentError[]): Promise<OpenApiExpander> {
    const abs = path.join(contentDir, 'public', 'openapi.yaml');
    let doc: OpenApiDoc | null = null;
    if (existsSync(abs)) {
      const r = await loadOpenApi(abs);
      doc = r.doc;
      for (const e of r.errors) errors.push({ ...e, file: rel(abs) });
    }
    return {
      doc,
      expand(body, file, bodyLine, errs) {
        if (!body.includes('openapi:')) return body;
        return body
          .split('\n')
          .map((line, i) => {
            const m = DIRECTIVE.exec(line.trim());
            if (!m) return line;
            if (!doc) {
              errs.push({
                file,
                line: bodyLine + i,
                message: `The OpenAPI reference "${m[1]}" needs content/public/openapi.yaml, which is missing or invalid.`,
                fix: 'Add or correct content/public/openapi.yaml.',
              });
              return line;
            }
            const md = renderOpenApiTag(doc, m[1]!);
            if (!md.trim()) {
              errs.push({ file, line: bodyLine + i, message: `The OpenAPI document has no operation tagged "${m[1]}".`, fix: 'Use a tag that the document defines.' });
              return line;
            }
            // Keep the line count: generated lines are joined into this one line's place.
            return md;
          })
          .join('\n');
      },
    };
  },
};
