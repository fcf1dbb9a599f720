/**
 * highlight.js wraps each word of some tokens on its own (a YAML value of
 * several words is one `hljs-string` span per word). Neighbouring spans of the
 * same class with only spaces between them become one: the same colours and
 * text with fewer elements, in every page document and in the app's render
 * alike (both highlight through this).
 */
const SAME_CLASS_NEIGHBOURS = /<span class="([\w -]+)">([^<]*)<\/span>([ \t]+)<span class="\1">([^<]*)<\/span>/g;

/** `html` (highlight.js output) with same-class neighbouring spans joined. */
export function mergeSpans(html: string): string {
  let out = html;
  for (;;) {
    const next = out.replace(SAME_CLASS_NEIGHBOURS, '<span class="$1">$2$3$4</span>');
    if (next === out) return out;
    out = next;
  }
}
