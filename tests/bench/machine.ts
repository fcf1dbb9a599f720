/** The machine a run was measured on, for results.json. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Hardware and software of the run. */
export interface Machine {
  os: string;
  cpu: string;
  cores: number;
  /** Total memory, bytes. */
  memory: number;
  node: string;
  chromium: string;
  /** Commit of the working tree (uncommitted changes are not reflected). */
  commit: string | null;
}

/** Describes this machine; `chromium` is the browser's version string. */
export function machine(chromium: string): Machine {
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    /* not a git checkout */
  }
  return {
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memory: os.totalmem(),
    node: process.version,
    chromium,
    commit,
  };
}
