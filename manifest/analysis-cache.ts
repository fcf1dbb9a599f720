/**
 * The Markdown analysis of each page kept between builds of a small site
 * (one the build's thread analyses alone), as the build keeps Tailwind's
 * stylesheet and the app bundle (scripts/build-cache.ts). The analysis is
 * a function of the page's text (after variables, directives and
 * callouts), the analysis options and the analysis code: an entry is found
 * by the hash of the first two, in a file that belongs to one version of
 * the third (the hash of the bundle the analysis workers run, which holds
 * every package the analysis uses). An author's rebuild after editing one
 * page analyses that page alone. The file keeps the entries of the last
 * build only, so it does not grow.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { AnalysisOptions, MarkdownFacts } from './markdown.ts';

interface Stored {
  code: string;
  entries: Map<string, Uint8Array>;
}

export class AnalysisCache {
  private readonly kept = new Map<string, Uint8Array>();
  private readonly made = new Map<string, Uint8Array>();

  /** One file per set of options: the build of either output keeps its own. */
  private readonly file: string;

  private constructor(
    private readonly dir: string,
    private readonly code: string,
    private readonly options: string,
  ) {
    this.file = path.join(dir, `analysis-${createHash('sha1').update(options).digest('hex').slice(0, 10)}.bin`);
  }

  /** The cache in `dir` for analysis code `code` (an identity of the code; another code finds nothing). */
  static open(dir: string, code: string, options: AnalysisOptions): AnalysisCache {
    const cache = new AnalysisCache(dir, code, JSON.stringify(options));
    try {
      const stored = deserialize(readFileSync(cache.file)) as Stored;
      if (stored.code === code) for (const [k, v] of stored.entries) cache.kept.set(k, v);
    } catch {
      // None yet, or unreadable: every page is analysed.
    }
    return cache;
  }

  /** The key of a page body. */
  keyOf(body: string): string {
    return createHash('sha1').update(this.options).update('\0').update(body).digest('base64');
  }

  /** The facts kept for `key`, a fresh copy (the compiler changes the facts it is given), or undefined. */
  get(key: string): MarkdownFacts | undefined {
    const bytes = this.kept.get(key);
    if (!bytes) return undefined;
    this.made.set(key, bytes);
    return deserialize(bytes) as MarkdownFacts;
  }

  /** Keeps `facts`, as they are now, for `key`. */
  put(key: string, facts: MarkdownFacts): void {
    this.made.set(key, serialize(facts));
  }

  /** Writes this build's entries, replacing the last build's. */
  save(): void {
    mkdirSync(this.dir, { recursive: true });
    const tmp = `${this.file}.${process.pid}`;
    writeFileSync(tmp, serialize({ code: this.code, entries: this.made } satisfies Stored));
    renameSync(tmp, this.file);
  }
}
