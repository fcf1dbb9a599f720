import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import rehypeSections from '../../../src/shared/markdown/rehype-sections.ts';

const html = (md: string) => String(unified().use(remarkParse).use(remarkRehype).use(rehypeSections).use(rehypeStringify).processSync(md));

describe('the sections of a page body', () => {
  it('puts each h2 and the blocks after it, up to the next h2, in a section; the lead stays outside', () => {
    const out = html('Lead.\n\n## One\n\nA.\n\n### Deeper\n\nB.\n\n## Two\n\n- c\n');
    expect(out).toBe(
      '<p>Lead.</p>\n<section class="page-section"><h2>One</h2>\n<p>A.</p>\n<h3>Deeper</h3>\n<p>B.</p>\n</section><section class="page-section"><h2>Two</h2>\n<ul>\n<li>c</li>\n</ul></section>',
    );
  });

  it('leaves a body without an h2 as it is, and an h2 inside another block where it is', () => {
    expect(html('Only text.\n\n### Small\n\nMore.')).toBe('<p>Only text.</p>\n<h3>Small</h3>\n<p>More.</p>');
    expect(html('> ## Quoted\n>\n> text')).toBe('<blockquote>\n<h2>Quoted</h2>\n<p>text</p>\n</blockquote>');
  });
});
