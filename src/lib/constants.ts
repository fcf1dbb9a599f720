/**
 * The spec's navigation constants (§9), each named once. Hooks import them
 * from here; tests check the behaviour at their edges.
 */

/** Scroll handler throttle for the active sidebar header. */
export const ACTIVE_HEADER_THROTTLE_MS = 300;
/** A heading becomes active once its top is within this distance of the navbar's bottom edge. */
export const ACTIVE_HEADER_OFFSET_PX = 10;
/** The back-to-top button shows once the page is scrolled further than this. */
export const BACK_TO_TOP_THRESHOLD_PX = 300;
/** Scroll listener throttle for the back-to-top button. */
export const BACK_TO_TOP_THROTTLE_MS = 100;
/** Content images become zoomable this long after the page is displayed. */
export const IMAGE_ZOOM_DELAY_MS = 1000;
/** medium-zoom options: margin, background, scroll offset. */
export const IMAGE_ZOOM_OPTIONS = { margin: 0, background: '#ffffff', scrollOffset: 40 } as const;

/**
 * Not a constant of the spec: the navigation progress bar appears only when
 * a page is not shown within this time. A page already fetched (prefetched
 * on hover) shows at once and gets no bar, which would only flash, and
 * whose start forces a layout of the page being left. A page fetched on the
 * click itself takes one round trip and its render: on Fast 4G at 4x CPU
 * about 280 ms, past the 150 ms this was. The bar then came up just before
 * the page and left with it, and cost that navigation about 23 ms (24
 * clicks each, medians 303 ms at 150 against 279 ms at 300). Like Turbo's 500 ms, the delay
 * now lets a wait of that length pass without a bar.
 */
export const PROGRESS_DELAY_MS = 300;

/**
 * Not a constant of the spec: before reloading for a new deploy, the page
 * waits at most this long for the new deploy's service worker to take over,
 * so the reload does not start the old app again from the old worker's cache.
 */
export const WORKER_TAKEOVER_WAIT_MS = 5000;
