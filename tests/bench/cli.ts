/** Command-line options of `npm run bench -- [options]`. */
import { SECTIONS, type Section } from './results.ts';

/** What the run does. */
export interface BenchOptions {
  /** Fewer runs, smaller synthetic sites (250 and 1,000 pages), no Lighthouse unless asked with --only. */
  quick: boolean;
  /** Sections to run (all by default). */
  only: Section[];
  /** The content folder of the "real" site (default: CONTENT_DIR, else content/). */
  content: string;
  /** Runs per timing figure (at least 5 unless --quick). */
  runs: number;
  /** Synthetic site sizes, pages. */
  sizes: number[];
  /** A build running longer than this is stopped and reported as failed, s. */
  buildCapSeconds: number;
  /** Exit with status 1 when a budget fails or a section errors. */
  strict: boolean;
  /** Keep the temporary folder (synthetic content and builds) and print where it is. */
  keep: boolean;
  /** Where results.json goes. */
  out: string;
}

export const USAGE = `npm run bench -- [--quick] [--only ${SECTIONS.join(',')}] [--content <dir>] [--runs <n>] [--sizes 1000,10000] [--build-cap <s>] [--strict] [--keep] [--out bench/results.json]`;

/** Parses argv (without node and the script). Throws with the usage on a bad option. */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const quick = argv.includes('--quick');
  const o: BenchOptions = {
    quick,
    only: [...SECTIONS].filter((s) => !quick || s !== 'lighthouse'),
    content: env.CONTENT_DIR ?? 'content',
    runs: quick ? 3 : 5,
    sizes: quick ? [250, 1000] : [1000, 10_000],
    buildCapSeconds: 240,
    strict: false,
    keep: false,
    out: 'bench/results.json',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value.\nUsage: ${USAGE}`);
      return v;
    };
    if (a === '--quick') continue;
    else if (a === '--strict') o.strict = true;
    else if (a === '--keep') o.keep = true;
    else if (a === '--content') o.content = value();
    else if (a === '--out') o.out = value();
    else if (a === '--runs') o.runs = Math.max(1, Number(value()));
    else if (a === '--build-cap') o.buildCapSeconds = Number(value());
    else if (a === '--sizes') o.sizes = value().split(',').map(Number).sort((x, y) => x - y);
    else if (a === '--only') {
      const picked = value().split(',');
      const bad = picked.filter((s) => !(SECTIONS as readonly string[]).includes(s));
      if (bad.length) throw new Error(`Unknown section ${bad.join(', ')}; sections: ${SECTIONS.join(', ')}.\nUsage: ${USAGE}`);
      o.only = picked as Section[];
    } else throw new Error(`Unknown option ${a}.\nUsage: ${USAGE}`);
  }
  if (o.sizes.some((n) => !Number.isInteger(n) || n < 20)) throw new Error(`--sizes takes page counts of at least 20.\nUsage: ${USAGE}`);
  if (!(o.buildCapSeconds > 0)) throw new Error(`--build-cap takes seconds.\nUsage: ${USAGE}`);
  return o;
}
