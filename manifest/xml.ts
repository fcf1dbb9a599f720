/** XML text for the sitemap and the feeds: escaping, and the date forms each format wants. */

/** Characters XML 1.0 does not allow at all, even escaped. */
// eslint-disable-next-line no-control-regex -- these control characters are what the pattern removes.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for an element or a double-quoted attribute, dropping characters XML cannot hold. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `<name>text</name>`, escaped. */
export function el(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

/** RFC 3339 without milliseconds (Atom, sitemap lastmod): 2020-04-30T00:00:00Z. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** RFC 822 (RSS 2.0): Thu, 30 Apr 2020 00:00:00 GMT. */
export function rfc822Date(ms: number): string {
  return new Date(ms).toUTCString();
}
