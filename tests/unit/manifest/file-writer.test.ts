// The build's file writer: every file lands, with its folders, the last write of a file wins, and failures are reported.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileWriter } from '../../../manifest/output.ts';

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'file-writer-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('FileWriter', () => {
  it('writes a few files in this thread, creating their folders', async () => {
    const dir = fresh();
    const out = new FileWriter(dir);
    out.write('a/b/c.json', '{"c":1}');
    out.write('top.txt', new TextEncoder().encode('bytes'));
    await out.close();
    expect(readFileSync(path.join(dir, 'a/b/c.json'), 'utf8')).toBe('{"c":1}');
    expect(readFileSync(path.join(dir, 'top.txt'), 'utf8')).toBe('bytes');
  });

  it('writes thousands of files on its threads and this one, each with its own text', async () => {
    const dir = fresh();
    const out = new FileWriter(dir);
    for (let i = 0; i < 3000; i++) out.write(`s${i % 37}/p${i}/index.md`, `page ${i}`);
    await out.close();
    for (let i = 0; i < 3000; i += 7) expect(readFileSync(path.join(dir, `s${i % 37}/p${i}/index.md`), 'utf8')).toBe(`page ${i}`);
    expect(readdirSync(dir)).toHaveLength(37);
  });

  it('keeps the last of two writes to one file, and copies files', async () => {
    const dir = fresh();
    const source = path.join(fresh(), 'source.txt');
    writeFileSync(source, 'copied');
    const out = new FileWriter(dir);
    // Past the first 2,000 files, the writer threads take part.
    for (let i = 0; i < 2500; i++) out.write(`many/${i}.txt`, 'first');
    out.write('many/2300.txt', 'second');
    out.copy('many/2400.txt', source);
    out.write('many/2499.txt', 'third');
    await out.flush();
    expect(readFileSync(path.join(dir, 'many/2300.txt'), 'utf8')).toBe('second');
    expect(readFileSync(path.join(dir, 'many/2400.txt'), 'utf8')).toBe('copied');
    expect(readFileSync(path.join(dir, 'many/2499.txt'), 'utf8')).toBe('third');
    expect(readFileSync(path.join(dir, 'many/1.txt'), 'utf8')).toBe('first');
    await out.close();
  });

  it('reports a file it could not write, whichever thread wrote it', async () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'blocked'), 'a file where a folder should be');
    const out = new FileWriter(dir);
    const run = async () => {
      for (let i = 0; i < 2100; i++) out.write(`ok/${i}.txt`, 'x');
      for (let i = 0; i < 300; i++) out.write(`blocked/${i}.txt`, 'x');
      await out.flush();
    };
    await expect(run()).rejects.toThrow(/EEXIST|ENOTDIR/);
    await out.close().catch(() => undefined);
  });
});
