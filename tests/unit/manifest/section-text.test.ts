// The text of each section, as the search index and its excerpts get it: the words as the page shows them.
import { describe, expect, it } from 'vitest';
import { analyseMarkdown } from '../../../manifest/markdown.ts';

const texts = (md: string) => analyseMarkdown(md).sections.map((s) => [s.slug, s.text]);

describe('the text of a section', () => {
  it('joins inline elements to their neighbours as the page shows them, and separates blocks and line breaks', () => {
    expect(texts('Open **Virtual Devices** and choose `Add device`. Pick *Phone*, then save.\n\n- one\n- two\n\nLine  \nbreak\n\n## Next step\n\n| a | b |\n|---|---|\n| c | d |\n')).toEqual([
      ['', 'Open Virtual Devices and choose Add device. Pick Phone, then save. one two Line break'],
      ['next-step', 'a b c d'],
    ]);
  });
});
