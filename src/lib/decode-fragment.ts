/**
 * Decodes the percent-escapes of an address fragment (`#caf%C3%A9` -> `café`).
 * An address can carry any text after `#`, so an invalid escape (`#%`, `#%E0%A4%A`)
 * is kept as it is instead of throwing a URIError into a render or scroll handler.
 */
export function decodeFragment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
