// A page's lead: the opening plain blocks, as the app renders them, and nothing it could not paint safely.
import { describe, expect, it } from 'vitest';
import { analyseMarkdown } from '../../../manifest/markdown.ts';
import { LEAD_TEXT } from '../../../manifest/lead.ts';

const lead = (md: string) => analyseMarkdown(md).lead;

describe('the lead of a page', () => {
  it('holds the opening paragraphs and lists, with links, emphasis and inline code', () => {
    expect(lead('Intro with [a link](/guides/) and `code`, **bold**, _em_.\n\n- one\n- two\n\n## Next\n\nLater.')).toEqual([
      ['p', null, 'Intro with ', ['a', { href: '/guides/' }, 'a link'], ' and ', ['code', null, 'code'], ', ', ['strong', null, 'bold'], ', ', ['em', null, 'em'], '.'],
      ['ul', null, '\n', ['li', null, 'one'], '\n', ['li', null, 'two'], '\n'],
    ]);
  });

  it('marks external links and downloads as the app renders them', () => {
    expect(lead('See [the site](https://example.com/) and [the spec](/openapi.yaml).')).toEqual([
      [
        'p',
        null,
        'See ',
        ['a', { href: 'https://example.com/', target: '_blank', rel: 'noopener noreferrer' }, 'the site', ['span', { class: 'sr-only' }, ' (opens in a new tab)']],
        ' and ',
        ['a', { href: '/openapi.yaml', download: '' }, 'the spec'],
        '.',
      ],
    ]);
  });

  it('stops at the first block of another kind', () => {
    expect(lead('One.\n\n```sh\nx\n```\n\nTwo.')).toEqual([['p', null, 'One.']]);
    expect(lead('One.\n\n![alt](/i.png)\n\nTwo.')).toEqual([['p', null, 'One.']]);
    expect(lead('One.\n\n> [!TIP]\n> Tip.\n\nTwo.')).toEqual([['p', null, 'One.']]);
    expect(lead('One.\n\n| a |\n| - |\n| b |\n')).toEqual([['p', null, 'One.']]);
    expect(lead('- [ ] task\n')).toEqual([]);
    expect(lead('## Heading first\n\nText.')).toEqual([]);
  });

  it('stops before raw HTML and leaves out links it would not render as plain links', () => {
    expect(lead('One.\n\n<div>raw</div>\n\nTwo.')).toEqual([['p', null, 'One.']]);
    expect(lead('A <kbd>K</kbd> key.')).toEqual([]);
    expect(lead('[x](javascript:alert(1))')).toEqual([]);
    expect(lead('[x](/a/ "with a title")')).toEqual([]);
  });

  it('stops once it holds a first screen of text', () => {
    const para = 'word '.repeat(100).trim();
    const out = lead(Array.from({ length: 10 }, () => para).join('\n\n'));
    expect(out.length).toBe(Math.ceil(LEAD_TEXT / para.length));
  });
});
