/** How the app renders a Markdown link, by its href (shared by MarkdownLink and the build's page leads). */

/** An address with a scheme or a protocol-relative one: opens in a new tab. */
export const EXTERNAL_LINK = /^([a-z][a-z0-9+.-]*:|\/\/)/i;
/** Files (the OpenAPI document, images) are served as they are, not routed: downloaded. */
export const FILE_LINK = /\.(ya?ml|json|svg|png|pdf|zip|txt)$/i;
/** Said after an external link's text to screen readers. */
export const NEW_TAB_NOTE = ' (opens in a new tab)';
