// A custom element must stand on lines of its own after a blank line (an HTML block), never inside a paragraph.
import { describe, expect, it } from 'vitest';
import { checkCustomElementPlacement } from '../../../manifest/custom-element-placement.ts';
import type { ContentError } from '../../../manifest/errors.ts';

const check = (body: string) => {
  const errors: ContentError[] = [];
  checkCustomElementPlacement(body, 'content/x.md', 5, errors);
  return errors.map((e) => `${e.line}: ${e.message}`);
};

describe('custom element placement', () => {
  it('accepts the element on lines of its own, after a blank line, with or without attributes', () => {
    expect(check('Intro.\n\n<jquery-sandbox>\n</jquery-sandbox>\n\nMore.')).toEqual([]);
    expect(check('<jquery-sandbox data-x="1">\n</jquery-sandbox>')).toEqual([]);
  });

  it('reports the element inside a paragraph, with the line in the file', () => {
    expect(check('Intro.\n\nTry it: <jquery-sandbox></jquery-sandbox>')).toEqual(['7: <jquery-sandbox> shares its line with other text, so Markdown reads the element inside a paragraph.']);
    expect(check('<jquery-sandbox></jquery-sandbox>')).toEqual(['5: <jquery-sandbox> shares its line with other text, so Markdown reads the element inside a paragraph.']);
    expect(check('Intro.\n<jquery-sandbox>\n</jquery-sandbox>')).toEqual(['6: <jquery-sandbox> follows a line of text with no blank line between, so Markdown reads it inside that paragraph.']);
    expect(check('\n<jquery-sandbox>\n</jquery-sandbox> and text')).toEqual(['7: </jquery-sandbox> shares its line with other text, so Markdown reads the element inside a paragraph.']);
  });

  it('ignores the tag in code: fenced blocks and code spans', () => {
    expect(check('```html\nText <jquery-sandbox></jquery-sandbox>\n```\n\nWrite `<jquery-sandbox></jquery-sandbox>` on its own lines.')).toEqual([]);
    expect(check('~~~~\n<jquery-sandbox></jquery-sandbox>\n```\nstill code\n~~~~\nSee <jquery-sandbox>.')).toEqual([
      '10: <jquery-sandbox> shares its line with other text, so Markdown reads the element inside a paragraph.',
    ]);
  });

  it('leaves other tags and names that only begin alike alone', () => {
    expect(check('Text <jquery-sandboxes> and <span>x</span>.')).toEqual([]);
  });
});
