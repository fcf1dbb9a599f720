/** What every search engine answers: results grouped by page, each hit a heading (or the page) with a highlighted excerpt. */

/** A run of excerpt text; `mark` is true for the words that matched the query. */
export interface ExcerptPart {
  text: string;
  mark: boolean;
}

/** One place on a page that matched: the page itself or one of its headings. */
export interface SearchHit {
  /** Where the hit leads: a site path with the heading's hash (`/guides/ivr/#dial-a-number`), or an absolute URL off the site. */
  url: string;
  /** Heading text, or the page title for a hit before the first heading. */
  title: string;
  excerpt: ExcerptPart[];
}

/** The hits of one page, best first. */
export interface SearchGroup {
  /** The page's path (or absolute URL off the site), without hash. */
  path: string;
  /** The page's title, shown as the group label. */
  title: string;
  hits: SearchHit[];
}

/** The first groups of an answer (see SearchEngine.first). */
export interface SearchPart {
  groups: SearchGroup[];
  /** False when the answer has more pages after these. */
  complete: boolean;
}

/** A search backend: the local index or Algolia DocSearch. */
export interface SearchEngine {
  /** Answers `query`; rejects with an AbortError once `signal` aborts. */
  search(query: string, signal?: AbortSignal): Promise<SearchGroup[]>;
  /**
   * The answer to `query` at once, when the engine holds everything it
   * needs (undefined otherwise: ask `search`), so a keystroke can be
   * shown in the frame it was typed in.
   */
  searchNow?(query: string): SearchGroup[] | undefined;
  /**
   * The first pages of the answer to `query`: the groups of the first pages,
   * in the answer's order, enough to likely hold `options` options (at least
   * one page), and `complete` false when pages further down were left out
   * (each page's text is a file of its own: a box that shows the first screen
   * asks for that, and for the rest only when the reader scrolls to it).
   * Without this method, `search` is the whole answer.
   */
  first?(query: string, options: number, signal?: AbortSignal): Promise<SearchPart>;
  /** `first`, from loaded files only (undefined when one is missing), like `searchNow`. */
  firstNow?(query: string, options: number): SearchPart | undefined;
  /**
   * A corrected query for `query` once it has been answered ("Did you mean"),
   * when some of its words matched only after correcting a typo.
   */
  suggest?(query: string): string | undefined;
  /**
   * Starts loading what the queries likely to follow `query` need; a newer
   * query stops it. Settles when it is done or stopped, and never rejects.
   */
  prefetch?(query: string): Promise<void>;
}

/** The most pages one answer lists: enough to choose from, few enough to load fast. */
export const MAX_GROUPS = 8;
/** The most hits listed under one page. */
export const MAX_HITS_PER_GROUP = 4;
