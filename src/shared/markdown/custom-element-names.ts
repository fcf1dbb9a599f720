/**
 * Custom elements that Markdown may place as raw HTML (`<jquery-sandbox></jquery-sandbox>`).
 * The sanitizer lets exactly these through, the app mounts a component in
 * each, and the build's page documents keep a placeholder for them.
 */
export const CUSTOM_ELEMENT_NAMES = ['jquery-sandbox'] as const;

/** Attribute on the wrapper each custom element is rendered in, by the app and by the build alike. */
export const CUSTOM_ELEMENT_ATTR = 'data-custom-element';

/** What the wrapper holds until the element's component has loaded (and, without scripts, for good). */
export const CUSTOM_ELEMENT_LOADING = 'Loading…';
