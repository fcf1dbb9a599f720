/**
 * The allow-list for raw HTML in content (rehype-sanitize): GitHub's schema
 * plus what the content needs (callouts, details, the registered custom
 * elements). Scripts, event handlers, javascript: and data: URLs, iframes,
 * forms and style attributes do not survive it.
 */
import { defaultSchema } from 'rehype-sanitize';
import { CUSTOM_ELEMENT_NAMES } from '../shared/markdown/custom-element-names.ts';

type Schema = typeof defaultSchema;

export const sanitizeSchema: Schema = {
  ...defaultSchema,
  // The default clobber rule stays: raw `id` and `name` get the `user-content-` prefix, so content
  // cannot shadow document or window properties (`<img name="querySelector">`, `<a id="gtag">`).
  // Heading ids are given after sanitizing (rehype-slug), so headings and their anchors keep their slugs.
  // A <style> element goes, and its CSS with it (only a script's text is dropped by default).
  strip: [...(defaultSchema.strip ?? []), 'style'],
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside', 'details', 'summary', 'figure', 'figcaption', 'kbd', ...CUSTOM_ELEMENT_NAMES],
  attributes: {
    ...defaultSchema.attributes,
    // Only the class names the callouts use: content cannot borrow layout classes for overlays.
    aside: [['className', 'callout', 'callout-tip', 'callout-warning', 'callout-danger']],
    details: [['className', 'callout', 'callout-details']],
    summary: [['className', 'callout-title']],
    p: [...(defaultSchema.attributes?.p ?? []), ['className', 'callout-title']],
    img: [...(defaultSchema.attributes?.img ?? []), 'width', 'height', 'loading'],
  },
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    src: ['http', 'https'],
  },
};
