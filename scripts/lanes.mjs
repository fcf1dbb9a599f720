/**
 * Runs npm scripts in lanes side by side: `node scripts/lanes.mjs "a b" "c d"`
 * runs `a` then `b` in one lane and `c` then `d` in another, at the same time.
 * A lane stops at its first failing script; the other lanes run to their end,
 * so one run reports every failure. Each script's output is printed whole when
 * it ends (lanes never interleave their lines), with its time. Exits 1 if any
 * script failed.
 *
 * `npm test` runs its checks this way: ESLint's type-aware rules (one core for
 * most of a minute) beside the type check and the two builds, which on two
 * cores finish in about the same time, instead of after them.
 */
import { spawn } from 'node:child_process';

const lanes = process.argv.slice(2).map((lane) => lane.split(/\s+/).filter(Boolean));
if (lanes.length === 0 || lanes.some((l) => l.length === 0)) {
  console.error('usage: node scripts/lanes.mjs "<npm script> [<npm script>…]" ["<npm script>…" …]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one npm script with its output kept; resolves with its exit code, output and time. */
function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('error', (e) => output.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString(), ms: Date.now() - started }));
  });
}

let failed = 0;
async function runLane(scripts) {
  for (const script of scripts) {
    const { code, output, ms } = await run(script);
    const status = code === 0 ? 'passed' : `failed (exit ${code})`;
    process.stdout.write(`\n> ${script}: ${status} in ${(ms / 1000).toFixed(1)} s\n${output}`);
    if (code !== 0) {
      failed++;
      const rest = scripts.slice(scripts.indexOf(script) + 1);
      if (rest.length) process.stdout.write(`> not run after that failure: ${rest.join(', ')}\n`);
      return;
    }
  }
}

await Promise.all(lanes.map(runLane));
process.exit(failed ? 1 : 0);
