import { describe, expect, it } from 'vitest';
import { criticalCss, tokensOf } from '../../../scripts/critical-css.ts';
import { documentFile, firstScreenExpect, redirectsOf, PARSER_YIELD_AFTER, withParserYield } from '../../../scripts/page-documents.ts';

const CSS = [
  '@layer theme, base, utilities;',
  '@font-face{font-family:X;src:url(/x.woff2)}',
  '@property --tw-x{syntax:"*";inherits:false}',
  ':root{--c:red}',
  'html,body{margin:0}',
  '.navbar{color:black}',
  ':is(.navbar,.shell-nav):where(.dark,.dark *){color:white}',
  '.table-scroll table{width:100%}',
  '.prose :where(p):not(:where([class~=not-prose] *)){margin:1em 0}',
  '@media (min-width:64rem){.sidebar{display:block}.navbar{height:4rem}}',
  '@layer utilities{.mt-2{margin-top:.5rem}.hover\\:underline:hover{text-decoration:underline}}',
].join('');

describe('critical CSS', () => {
  const critical = criticalCss(CSS);
  const page = '<header class="navbar"><a class="mt-2 hover:underline">x</a></header><div class="prose"><p>text</p></div>';
  const out = critical.forPage(page);

  it('keeps the rules whose classes and elements the page has, dark variants and alternatives included', () => {
    expect(out).toContain('.navbar{color:black}');
    expect(out).toContain(':is(.navbar,.shell-nav):where(.dark,.dark *){color:white}');
    expect(out).toContain('.prose :where(p):not(:where([class~=not-prose] *)){margin:1em 0}');
    expect(out).toContain('.hover\\:underline:hover');
    expect(out).toContain('@media (min-width:64rem){.navbar{height:4rem}}');
  });

  it('leaves out the rules for what the page does not have, and at-rules left empty', () => {
    expect(out).not.toContain('.table-scroll');
    expect(out).not.toContain('.sidebar');
  });

  it('keeps what is not a style rule: layer order, font faces, custom properties, root variables', () => {
    expect(out.startsWith('@layer theme, base, utilities;')).toBe(true);
    expect(out).toContain('@font-face{');
    expect(out).toContain('@property --tw-x');
    expect(out).toContain(':root{--c:red}');
    expect(out).toContain('html,body{margin:0}');
  });

  it('reads :is() and :where() as alternatives of which the page must have one, and [class~=x] as a class', () => {
    const c = criticalCss(
      [
        '.prose :where(table):not(:where([class~=not-prose] *)){width:100%}',
        '.prose :where(ul,ol):not(:where([class~=not-prose] *)){padding-left:1em}',
        '.prose :where([class~=lead]):not(:where([class~=not-prose] *)){font-size:1.2em}',
        ':where(.a :is(kbd,samp), .b){color:red}',
        '.x:not(:is(.y)){color:blue}',
      ].join(''),
    );
    const none = c.forPage('<div class="prose"><p>text</p></div>');
    expect(none).not.toContain('table');
    expect(none).not.toContain('ul,ol');
    expect(none).not.toContain('lead');
    expect(none).not.toContain('kbd');
    const some = c.forPage('<div class="prose lead a"><ol><li>x</li></ol><table></table><samp>s</samp></div><i class="x"></i>');
    expect(some).toContain(':where(table)');
    expect(some).toContain(':where(ul,ol)');
    expect(some).toContain('[class~=lead]');
    expect(some).toContain(':where(.a :is(kbd,samp), .b)');
    expect(some).toContain('.x:not(:is(.y))'); // inside :not() nothing is required
    expect(c.forPage('<p class="b"></p>')).toContain(':where(.a :is(kbd,samp), .b)');
  });

  it('reads class names with the characters Tailwind escapes', () => {
    expect([...tokensOf('<p class="min-[400px]:w-40 dark:text-white">').classes]).toEqual(['min-[400px]:w-40', 'dark:text-white']);
    const c = criticalCss('.min-\\[400px\\]\\:w-40{width:10rem}.other{color:red}');
    expect(c.forPage('<p class="min-[400px]:w-40">')).toBe('.min-\\[400px\\]\\:w-40{width:10rem}');
  });
});

describe('page document paths', () => {
  it('writes a folder page as its index.html and a .html page as itself', () => {
    expect(documentFile('/')).toBe('index.html');
    expect(documentFile('/guides/ivr/')).toBe('guides/ivr/index.html');
    expect(documentFile('/releases/201912.html')).toBe('releases/201912.html');
  });

  it('gives every alias and the other ending of each page a redirect, never over a page', () => {
    const moves = redirectsOf([{ path: '/' }, { path: '/a/' }, { path: '/b.html' }, { path: '/c/' }, { path: '/c.html' }], { '/old/': '/a/', '/a/': '/b.html' });
    expect(Object.fromEntries(moves)).toEqual({ '/old/': '/a/', '/a.html': '/a/', '/b/': '/b.html' });
  });
});

describe('the parser yield point of a page document', () => {
  const YIELD = '<script id="first-screen"></script>';
  const long = (n: number) => 'x'.repeat(n);

  it('goes after the first top-level block that ends far enough in, whatever it holds', () => {
    const first = `<p>${long(PARSER_YIELD_AFTER)} <a href="/a">link</a> <img src="/i.svg" alt="" width="1" height="1"><br></p>`;
    const body = `${first}<h2 id="x">Next</h2><p>more</p>`;
    expect(withParserYield(body)).toBe(`${first}${YIELD}<h2 id="x">Next</h2><p>more</p>`);
  });

  it('skips short blocks, comments and attributes holding ">"', () => {
    const a = '<p title="a > b">short</p>';
    const b = `<!-- <div> --><div class="callout"><p>${long(PARSER_YIELD_AFTER)}</p></div>`;
    expect(withParserYield(`${a}${b}<p>rest</p>`)).toBe(`${a}${b}${YIELD}<p>rest</p>`);
  });

  it('never follows a heading or a rule, whose next sibling the stylesheet spaces by adjacency', () => {
    const lead = `<p>${long(PARSER_YIELD_AFTER - 20)}</p>`;
    for (const block of ['<h2 id="faq">Questions</h2>', '<h3 id="q">A question</h3>', '<hr>']) {
      expect(withParserYield(`${lead}${block}<h3 id="n">Next</h3><p>answer</p><p>more</p>`)).toBe(`${lead}${block}<h3 id="n">Next</h3><p>answer</p>${YIELD}<p>more</p>`);
    }
  });

  it('holds the first frame until the yield point is parsed, or the main element when there is none', () => {
    const body = withParserYield(`<p>${long(PARSER_YIELD_AFTER)}</p><p>rest</p>`);
    expect(firstScreenExpect(`<main id="main">${body}</main>`)).toBe('<link rel="expect" href="#first-screen" blocking="render">');
    expect(firstScreenExpect('<main id="main"><p>short</p></main>')).toBe('<link rel="expect" href="#main" blocking="render">');
  });

  it("counts a section's blocks as top-level ones, and never becomes a section's last child", () => {
    const lead = '<p>short lead</p>';
    const open = '<section class="page-section"><h2 id="a">A</h2>';
    const para = `<p>${long(PARSER_YIELD_AFTER)}</p>`;
    expect(withParserYield(`${lead}${open}${para}<p>more</p></section>`)).toBe(`${lead}${open}${para}${YIELD}<p>more</p></section>`);
    const next = '<section class="page-section"><h2 id="b">B</h2><p>b</p></section>';
    expect(withParserYield(`${lead}${open}${para}</section>${next}`)).toBe(`${lead}${open}${para}</section>${YIELD}${next}`);
    // White space before the section's end tag does not make the yield point its last element.
    expect(withParserYield(`${lead}${open}${para}\n</section>${next}`)).toBe(`${lead}${open}${para}\n</section>${YIELD}${next}`);
    // A section the author wrote is a block like any other.
    const own = `<section><p>${long(PARSER_YIELD_AFTER)}</p><p>x</p></section>`;
    expect(withParserYield(`${own}<p>rest</p>`)).toBe(`${own}${YIELD}<p>rest</p>`);
  });

  it('leaves a body alone when nothing follows its first long block, or its tags do not balance', () => {
    const only = `<p>${long(PARSER_YIELD_AFTER)}</p>`;
    expect(withParserYield(only)).toBe(only);
    expect(withParserYield(`<p>short</p>`)).toBe('<p>short</p>');
    const broken = `</div><p>${long(PARSER_YIELD_AFTER)}</p><p>rest</p>`;
    expect(withParserYield(broken)).toBe(broken);
  });
});
