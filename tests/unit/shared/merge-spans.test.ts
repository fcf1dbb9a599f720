import { describe, expect, it } from 'vitest';
import hljs from 'highlight.js/lib/core';
import yaml from 'highlight.js/lib/languages/yaml';
import { mergeSpans } from '../../../src/shared/markdown/merge-spans.ts';

hljs.registerLanguage('yaml', yaml);
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('mergeSpans', () => {
  it('joins a run of same-class words into one span, and keeps the text', () => {
    const html = hljs.highlight('- input: open my account please\n  expected: welcome to the bank', { language: 'yaml' }).value;
    const merged = mergeSpans(html);
    expect(text(merged)).toBe(text(html));
    expect(merged.length).toBeLessThan(html.length);
    expect(merged).toContain('<span class="hljs-string">open my account please</span>');
    expect(merged).toContain('<span class="hljs-string">welcome to the bank</span>');
  });

  it('leaves spans of other classes, spans across lines and nested spans alone', () => {
    expect(mergeSpans('<span class="a">x</span> <span class="b">y</span>')).toBe('<span class="a">x</span> <span class="b">y</span>');
    expect(mergeSpans('<span class="a">x</span>\n<span class="a">y</span>')).toBe('<span class="a">x</span>\n<span class="a">y</span>');
    const nested = '<span class="a">x <span class="b">y</span></span> <span class="a">z</span>';
    expect(mergeSpans(nested)).toBe(nested);
  });
});
