// The build's file writer: every file lands, with its folders, the last write of a file wins, and failures are thrown.
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
  it('writes files, creating their folders', () => {
    const dir = fresh();
    const out = new FileWriter(dir);
    out.write('a/b/c.json', '{"c":1}');
    out.write('top.txt', new TextEncoder().encode('bytes'));
    expect(readFileSync(path.join(dir, 'a/b/c.json'), 'utf8')).toBe('{"c":1}');
    expect(readFileSync(path.join(dir, 'top.txt'), 'utf8')).toBe('bytes');
  });

  it('writes thousands of files, each with its own text', () => {
    const dir = fresh();
    const out = new FileWriter(dir);
    for (let i = 0; i < 3000; i++) out.write(`s${i % 37}/p${i}/index.md`, `page ${i}`);
    for (let i = 0; i < 3000; i += 7) expect(readFileSync(path.join(dir, `s${i % 37}/p${i}/index.md`), 'utf8')).toBe(`page ${i}`);
    expect(readdirSync(dir)).toHaveLength(37);
  });

  it('keeps the last of two writes to one file, and copies files', () => {
    const dir = fresh();
    const source = path.join(fresh(), 'source.txt');
    writeFileSync(source, 'copied');
    const out = new FileWriter(dir);
    for (let i = 0; i < 10; i++) out.write(`many/${i}.txt`, 'first');
    out.write('many/3.txt', 'second');
    out.copy('many/4.txt', source);
    expect(readFileSync(path.join(dir, 'many/3.txt'), 'utf8')).toBe('second');
    expect(readFileSync(path.join(dir, 'many/4.txt'), 'utf8')).toBe('copied');
    expect(readFileSync(path.join(dir, 'many/1.txt'), 'utf8')).toBe('first');
  });

  it('makes no folder it was told exists, and tells the folders it made or was told of', () => {
    const dir = fresh();
    const first = new FileWriter(dir);
    first.write('a/b/one.txt', '1');
    const second = new FileWriter(dir, first.folders());
    second.write('a/b/two.txt', '2');
    expect(readFileSync(path.join(dir, 'a/b/two.txt'), 'utf8')).toBe('2');
    // A folder it is told of is taken as made: told of one that is not there, it writes no folder and fails.
    const told = new FileWriter(dir, [path.join(dir, 'missing')]);
    expect(() => told.write('missing/x.txt', 'x')).toThrow(/ENOENT/);
    expect(second.folders()).toEqual([path.join(dir, 'a/b')]);
  });

  it('throws for a file it could not write', () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'blocked'), 'a file where a folder should be');
    const out = new FileWriter(dir);
    out.write('ok/1.txt', 'x');
    expect(() => out.write('blocked/1.txt', 'x')).toThrow(/EEXIST|ENOTDIR/);
  });
});
