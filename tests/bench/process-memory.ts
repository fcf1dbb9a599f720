/**
 * Peak memory of a process tree on Linux: samples the resident set of the
 * process and all its descendants from /proc and keeps the largest sum.
 * Elsewhere it reports nothing (null).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** How often the tree is sampled, ms. */
export const SAMPLE_MS = 20;

const kb = (status: string, field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);

/** Child pids of `pid`, from every thread's children file (none off Linux). */
export function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) => {
      try {
        return readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** `pid` and every process below it, parents first. */
export function processTree(pid: number): number[] {
  const out: number[] = [];
  for (const stack = [pid]; stack.length; ) {
    const p = stack.pop()!;
    out.push(p);
    stack.push(...children(p));
  }
  return out;
}

/** Starts sampling the tree under `pid`; stop() returns the peaks in bytes (null where /proc is missing). */
export function watchMemory(pid: number): { stop(): { treeRss: number | null; largestProcess: number | null } } {
  if (!existsSync('/proc/self/status')) return { stop: () => ({ treeRss: null, largestProcess: null }) };
  let peak = 0;
  const hwm = new Map<number, number>();
  const sample = () => {
    let sum = 0;
    const stack = [pid];
    while (stack.length) {
      const p = stack.pop()!;
      try {
        const status = readFileSync(`/proc/${p}/status`, 'utf8');
        sum += kb(status, 'VmRSS');
        // VmHWM is the kernel's own peak for the process: it catches spikes between samples.
        hwm.set(p, Math.max(hwm.get(p) ?? 0, kb(status, 'VmHWM')));
      } catch {
        continue; // exited between listing and reading
      }
      stack.push(...children(p));
    }
    peak = Math.max(peak, sum);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      return { treeRss: peak * 1024, largestProcess: Math.max(0, ...hwm.values()) * 1024 };
    },
  };
}
