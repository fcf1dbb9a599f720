// The code depends one way: scripts/ (build, serve) on manifest/ (the content compiler) on src/ (the app
// and its shared modules). `npm run cycles` finds cycles between files; this finds them between layers.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const LAYERS = ['scripts', 'manifest', 'src'];

describe('import layers', () => {
  // madge reads every file of the three folders: 2 to 3 s alone, up to 4 times that beside other tests.
  it('no layer imports a layer above it', { timeout: 30_000 }, () => {
    const graph = JSON.parse(execFileSync(process.execPath, ['node_modules/madge/bin/cli.js', '--json', ...LAYERS], { encoding: 'utf8' })) as Record<string, string[]>;
    expect(Object.keys(graph).length).toBeGreaterThan(100);
    const upward: string[] = [];
    for (const [file, deps] of Object.entries(graph)) {
      for (const dep of deps) {
        const from = LAYERS.indexOf(file.split('/')[0]!);
        const to = LAYERS.indexOf(dep.split('/')[0]!);
        if (from >= 0 && to >= 0 && to < from) upward.push(`${file} -> ${dep}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
