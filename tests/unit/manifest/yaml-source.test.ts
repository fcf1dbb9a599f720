/**
 * The fast YAML path (js-yaml) must give the value `yaml` gives, or leave the
 * text to `yaml`: over every YAML text of the content, and over constructs
 * where the two parsers are known to differ.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { splitFrontMatter } from '../../../manifest/front-matter.ts';
import { fastValue, parseYaml } from '../../../manifest/yaml-source.ts';
import type { ContentError } from '../../../manifest/errors.ts';

const CONTENT = path.resolve('content');

/** `yaml`'s reading, the reference: its value, or 'error'. */
function reference(text: string): { value: unknown } | 'error' {
  try {
    return { value: parse(text, { uniqueKeys: true, logLevel: 'error' }) as unknown };
  } catch {
    return 'error';
  }
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Every YAML text a build reads: configuration, the OpenAPI document, front matter, YAML fences. */
function contentYaml(): Array<{ name: string; text: string }> {
  const out = [
    { name: '_config/site.yml', text: readFileSync(path.join(CONTENT, '_config/site.yml'), 'utf8') },
    { name: '_config/variables.yml', text: readFileSync(path.join(CONTENT, '_config/variables.yml'), 'utf8') },
    { name: 'public/openapi.yaml', text: readFileSync(path.join(CONTENT, 'public/openapi.yaml'), 'utf8') },
  ];
  for (const file of markdownFiles(CONTENT)) {
    const name = path.relative(CONTENT, file);
    const split = splitFrontMatter(readFileSync(file, 'utf8'), name, []);
    if (split.yaml.trim()) out.push({ name: `${name} (front matter)`, text: split.yaml });
    for (const [i, m] of [...split.body.matchAll(/^```ya?ml[^\n]*\n([\s\S]*?)^```/gm)].entries()) {
      out.push({ name: `${name} (fence ${i + 1})`, text: m[1]! });
    }
  }
  return out;
}

describe('the fast YAML path', () => {
  const texts = contentYaml();

  it('reads every YAML text of the content as yaml does, and most of them itself', () => {
    expect(texts.length).toBeGreaterThan(100);
    let fast = 0;
    for (const { name, text } of texts) {
      const ref = reference(text);
      const got = fastValue(text);
      if (got === undefined) continue;
      fast++;
      expect(ref, name).not.toBe('error');
      expect(got.value, name).toStrictEqual((ref as { value: unknown }).value);
    }
    // The speed-up is real only if the fast path takes the texts a build reads.
    expect(fast / texts.length).toBeGreaterThan(0.9);
    for (const name of ['_config/site.yml', 'public/openapi.yaml']) {
      expect(fastValue(texts.find((t) => t.name === name)!.text), name).toBeDefined();
    }
  });

  const cases: Record<string, string> = {
    'core numbers': 'a: 0o17\nb: 0x1F\nc: -12\nd: +7\ne: 1.5\nf: -.5\ng: 1e3\nh: .inf\ni: -.Inf\nj: .NaN\nk: 007\nl: 1_000\nm: 0b101\nn: -0x1F\no: 1.\np: +.5e-2',
    'core null and booleans': 'a: ~\nb: null\nc: Null\nd:\ne: true\nf: False\ng: TRUE\nh: yes\ni: no\nj: on\nk: y',
    'YAML 1.1 forms stay strings': 'a: 2019-12-01\nb: 12:30:00\nc: 0755\nd: 1:20',
    'quoted scalars': 'a: "1"\nb: \'true\'\nc: "tab\\there"\nd: \'it\'\'s\'\ne: "\\u00e9"',
    'block scalars': 'a: |\n  one\n  two\n\nb: >-\n  folded\n  text\n\n  para\nc: |+\n  kept\n\nd: x',
    'plain multi-line': 'a: one\n  two\n  three\nb: - not a list',
    'flow collections as values': 'a: [1, two, "3"]\nb: {x: 1, y: [a, b]}\nc: []\nd: {}',
    'an anchor without alias': 'a: &x 1\nb: 2',
    'an alias': 'a: &x {k: 1}\nb: *x',
    'a scalar alias': 'a: &x 1\nb: *x',
    'a merge key': 'base: &b {k: 1}\nother:\n  <<: *b\n  j: 2',
    'a plain merge key': '<<: {k: 1}\nj: 2',
    'a local tag': 'a: !thing 1',
    'core tags': 'a: !!str 12\nb: !!int "7"\nc: !!float 1\nd: !!binary aGk=',
    'a directive': '%YAML 1.1\n---\na: yes',
    'a complex key': '? [a, b]\n: c',
    'a flow key': '[a, b]: c',
    'a flow key in a flow mapping': 'a: {x: 1, {{ vars.y }}}\nb: c',
    'a flow key with a value in a flow mapping': 'b: {[k]: v}',
    'a flow key in a flow sequence': 'b: [[k, l]: v]',
    'a complex key in a flow sequence': 'b: [? k : v]',
    'a null key in a flow mapping': 'b: {~: v, null: w}',
    'lists of flow sequences': 'h:\n  - [two, to, "2"]\n  - [four, for]',
    'nested flow sequences': 'n: [[1, 2], [3]]',
    'braces in a key and in text': '/test-suites/{id}:\n  description: |\n    Fills the `{{NAME}}` placeholders',
    'braces in quotes': 'target: "{{IVR_NUMBER}}"\nkey: \'[a]: b\'\nx: "{[k]: v}"',
    'an apostrophe in a plain scalar': "name: Don't stop\nnote: it's [fine]",
    'a null key': 'null: a\nb: c',
    'an empty key': ': a',
    'a tilde key': '~: a',
    'numeric and boolean keys': '1: a\ntrue: b\n1.5: c',
    'a duplicate key': 'a: 1\na: 2',
    'a tab indent': 'a:\n\tb: 1',
    'a nested compact mapping': 'a: b: c',
    'two documents': 'a: 1\n---\nb: 2',
    'an empty document': '',
    'a comment only': '# nothing',
    '__proto__ key': '__proto__: {polluted: 1}\na: 1',
    'a star in quotes': 'expected: "Your balance is *"\nlist:\n  - "Please hold*"',
    'an ampersand in a word': 'name: AT&T\nq: Why? Because!',
    'a long list': Array.from({ length: 50 }, (_, i) => `- item ${i}: {n: ${i}}`).join('\n'),
    'an unterminated quote': 'a: "open',
    'a bad indent': 'a:\n  b: 1\n c: 2',
  };

  for (const [name, text] of Object.entries(cases)) {
    it(`${name}: the same value as yaml, or left to yaml`, () => {
      const ref = reference(text);
      const got = fastValue(text);
      if (ref === 'error') expect(got).toBeUndefined();
      else if (got) expect(got.value).toStrictEqual(ref.value);
    });
  }

  it('takes plain texts itself and leaves aliases, tags, directives and odd keys to yaml', () => {
    for (const name of [
      'core numbers',
      'core null and booleans',
      'YAML 1.1 forms stay strings',
      'block scalars',
      'a star in quotes',
      'an ampersand in a word',
      'an anchor without alias',
      'a plain merge key',
      'lists of flow sequences',
      'braces in quotes',
      'an apostrophe in a plain scalar',
      'braces in a key and in text',
    ]) {
      expect(fastValue(cases[name]!), name).toBeDefined();
    }
    for (const name of [
      'an alias',
      'a merge key',
      'a local tag',
      'a directive',
      'a complex key',
      'a flow key',
      'a flow key in a flow mapping',
      'a flow key with a value in a flow mapping',
      'a flow key in a flow sequence',
      'a complex key in a flow sequence',
      'a null key in a flow mapping',
      'a null key',
      'an empty key',
      'a tilde key',
      'a duplicate key',
    ]) {
      expect(fastValue(cases[name]!), name).toBeUndefined();
    }
  });

  it('still names the line of a key when the fast path read the text', () => {
    const errors: ContentError[] = [];
    const src = parseYaml('title: A page\nsidebar:\n  group: Guides\n  order: x\n', 'a.md', 2, errors);
    expect(errors).toEqual([]);
    expect(src?.value).toEqual({ title: 'A page', sidebar: { group: 'Guides', order: 'x' } });
    expect(src?.lineOf(['sidebar', 'order'])).toBe(5);
  });

  it("reports a syntax error with yaml's message and line", () => {
    const errors: ContentError[] = [];
    expect(parseYaml('title: A page\ntitle: Again\n', 'a.md', 2, errors)).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: 'a.md', line: 3 });
    expect(errors[0]!.message).toMatch(/^Invalid YAML: /);
  });
});
