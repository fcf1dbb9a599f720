/** Last-updated times: the file's last git commit, or its mtime outside git. */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/** A git command's output; rejects when git fails or is missing. */
function git(dir: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 }, (err, stdout) =>
      err ? reject(new Error(`git ${args.join(' ')} failed: ${err.message}`, { cause: err })) : resolve(stdout),
    );
  });
}

/**
 * Gives a function returning the last-commit time (ms) of a file. One `git log`
 * reads the whole history of `dir` at once, so the cost does not grow per page;
 * the two git commands run beside the build, which awaits them only when it
 * needs the dates.
 */
export async function gitDates(dir: string): Promise<(absFile: string) => number> {
  const times = new Map<string, number>();
  let root: string | null = null;
  try {
    const [top, out] = await Promise.all([git(dir, ['rev-parse', '--show-toplevel']), git(dir, ['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', '.'])]);
    root = top.trim();
    let t = 0;
    for (const line of out.split('\n')) {
      if (line.startsWith('\0')) t = Number(line.slice(1)) * 1000;
      else if (line && !times.has(line)) times.set(line, t);
    }
  } catch {
    root = null;
  }
  return (absFile) => {
    if (root) {
      const rel = path.relative(root, absFile).split(path.sep).join('/');
      const t = times.get(rel);
      if (t !== undefined) return t;
    }
    return Math.round(statSync(absFile).mtimeMs);
  };
}

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "November 21, 2026": the text shown as "Last updated". One formatter for every page (creating one per call is slow). */
export function dateText(ms: number): string {
  return DATE.format(new Date(ms));
}
