import * as z from 'zod/mini';

/** Every layout the registry knows; `layout` in front matter must be one of them. */
export const LAYOUT_NAMES = ['default', 'home', 'training-overview', 'ivr-overview', 'chatbot-overview', 'not-found'] as const;
export const LayoutName = z.enum(LAYOUT_NAMES);
export type LayoutName = z.infer<typeof LayoutName>;

/** A home-page feature card. */
export const Feature = z.strictObject({
  title: z.string().check(z.minLength(1)),
  details: z.string().check(z.minLength(1)),
  link: z.string().check(z.startsWith('/')),
});

/** A choice on an overview layout (training, IVR, chatbot). */
export const Choice = z.strictObject({
  title: z.string().check(z.minLength(1)),
  /** Shown on hover and on keyboard focus. */
  description: z.string().check(z.minLength(1)),
  link: z.string().check(z.startsWith('/')),
});

/**
 * A site path an author may claim (permalink, alias): absolute, no `.` or `..`
 * segments, no backslash, query or hash, so it can never name a file outside dist/.
 */
const SITE_PATH = /^\/(?:(?!\.\.?(?:\/|$))[^/\\?#\s]+\/)*(?:(?!\.\.?$)[^/\\?#\s]+)?$/;
const sitePath = z.string().check(z.regex(SITE_PATH, 'Expected a site path like /guides/ivr/ or /releases/201912.html (no "." or ".." segments, backslashes, spaces, "?" or "#")'));

const pathOrFalse = z.optional(z.union([z.string().check(z.startsWith('/')), z.literal(false)]));

/** Front matter of a Markdown page. Unknown keys are errors, so typos surface at build. */
export const FrontMatter = z.strictObject({
  /** Page title; defaults to the first `# Heading` of the page. */
  title: z.optional(z.string().check(z.minLength(1))),
  /** Meta description and search snippet. */
  description: z.optional(z.string()),
  /** Publication date (YYYY-MM-DD) of a release note or blog post, for the feeds. */
  date: z.optional(z.string().check(z.regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, 'Expected a date like 2020-04-30'))),
  /** Address of the page when it should not follow the file. */
  permalink: z.optional(sitePath),
  /** Layout from the registry (default "default"; "home" when `home: true`). */
  layout: z.optional(LayoutName),
  /** `top` shows the reading-progress bar. */
  readingShow: z.optional(z.literal('top')),
  /** Header levels listed under the page in the sidebar: 0 none, 1 h2 (default), 2 h2 and h3. */
  sidebarDepth: z.optional(z.int().check(z.minimum(0), z.maximum(2))),
  /** Old addresses that redirect to this page. */
  aliases: z.optional(z.array(sitePath)),
  /** Previous-page override: a path, or false for none. */
  prev: pathOrFalse,
  /** Next-page override: a path, or false for none. */
  next: pathOrFalse,
  /** Load the self-hosted jQuery on this page. */
  jquery: z.optional(z.boolean()),
  /** Marks the home page. */
  home: z.optional(z.boolean()),
  heroText: z.optional(z.string()),
  heroImage: z.optional(z.string().check(z.startsWith('/'))),
  heroAlt: z.optional(z.string()),
  tagline: z.optional(z.string()),
  actionText: z.optional(z.string()),
  actionLink: z.optional(z.string().check(z.startsWith('/'))),
  features: z.optional(z.array(Feature)),
  footer: z.optional(z.string()),
  /** Choices of an overview layout, in display order. */
  choices: z.optional(z.array(Choice)),
});
export type FrontMatter = z.infer<typeof FrontMatter>;
