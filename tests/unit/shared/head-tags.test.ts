import { describe, expect, it } from 'vitest';
import { headSelector, headTags } from '../../../src/shared/head-tags.ts';

const values = (tags: ReturnType<typeof headTags>) => Object.fromEntries(tags.map((t) => [headSelector(t), t.value]));

describe('headTags', () => {
  const site = { title: 'Docs', origin: 'https://docs.example.com', image: { src: '/card.png', alt: 'The card' } };

  it('describes a page with its canonical URL, Markdown, Open Graph and a large Twitter card', () => {
    expect(values(headTags(site, { title: 'IVR', description: 'Call it.', path: '/guides/ivr/', type: 'article' }))).toEqual({
      'meta[name="description"]': 'Call it.',
      'link[rel="canonical"]': 'https://docs.example.com/guides/ivr/',
      'link[rel="alternate"][type="text/markdown"]': 'https://docs.example.com/guides/ivr/index.md',
      'meta[property="og:type"]': 'article',
      'meta[property="og:site_name"]': 'Docs',
      'meta[property="og:title"]': 'IVR',
      'meta[property="og:description"]': 'Call it.',
      'meta[property="og:url"]': 'https://docs.example.com/guides/ivr/',
      'meta[property="og:image"]': 'https://docs.example.com/card.png',
      'meta[property="og:image:alt"]': 'The card',
      'meta[name="twitter:card"]': 'summary_large_image',
      'meta[name="twitter:title"]': 'IVR',
      'meta[name="twitter:description"]': 'Call it.',
      'meta[name="twitter:image"]': 'https://docs.example.com/card.png',
      'meta[name="twitter:image:alt"]': 'The card',
    });
  });

  it('leaves out what needs an address: no path (index.html, not found) or no origin', () => {
    const defaults = values(headTags(site, { title: 'Docs', description: 'All of it.', type: 'website' }));
    expect(defaults['link[rel="canonical"]']).toBeUndefined();
    expect(defaults['meta[property="og:url"]']).toBeUndefined();
    expect(defaults['meta[property="og:image"]']).toBe('https://docs.example.com/card.png');
    const noOrigin = values(headTags({ title: 'Docs', image: site.image }, { title: 'IVR', description: 'Call it.', path: '/guides/ivr/', type: 'article' }));
    expect(noOrigin['link[rel="canonical"]']).toBeUndefined();
    expect(noOrigin['meta[property="og:url"]']).toBeUndefined();
    // An image needs an absolute URL; without one the card is the small kind.
    expect(noOrigin['meta[property="og:image"]']).toBeUndefined();
    expect(noOrigin['meta[name="twitter:card"]']).toBe('summary');
    expect(noOrigin['link[rel="alternate"][type="text/markdown"]']).toBe('/guides/ivr/index.md');
  });
});
