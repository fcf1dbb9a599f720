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

describe('the facts of a page', () => {
  // A page without raw HTML is read from the article's own element tree; every other analysis converts
  // the Markdown tree again. Both must give the same facts: heading titles without the article's anchors,
  // the sections' text, the lead.
  const page = [
    'Open the [dashboard](https://app.example) and add a **device**:',
    '',
    '1. Choose `Add`.',
    '2. Save.',
    '',
    '## Run a test',
    '',
    '```bash',
    'voxcheck test run',
    '```',
    '',
    '### Read the result',
    '',
    '| Field | Meaning |',
    '|---|---|',
    '| status | passed or failed |',
    '',
    '![Flow](/images/flow.svg)',
    '',
    '> [!NOTE]',
    '> A note.',
    '',
  ].join('\n');

  it('are the same whether or not the article is rendered from the same tree', () => {
    const { article, ...withArticle } = analyseMarkdown(page);
    const { article: none, ...without } = analyseMarkdown(page, { article: false });
    expect(article).toContain('header-anchor');
    expect(none).toBeNull();
    expect(withArticle).toEqual(without);
    expect(withArticle.headers.map((h) => h.title)).toEqual(['Run a test', 'Read the result']);
    expect(withArticle.lead.length).toBeGreaterThan(0);
  });
});
