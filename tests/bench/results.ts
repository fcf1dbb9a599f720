/** The shape of bench/results.json: every figure the run produced, by section. */
import type { BuildRun } from './build.ts';
import type { Machine } from './machine.ts';
import type { Navigation } from './navigation.ts';
import type { LighthouseScores } from './lighthouse.ts';
import type { SearchFigures, TypingFigures } from './search.ts';
import type { RelevanceFigures } from './search-relevance.ts';
import type { TimeToContent } from './time-to-content.ts';
import type { FirstLoad } from './transfer.ts';
import type { Authoring } from './authoring.ts';
import type { PeerBuild } from './peers.ts';
import type { Spread } from './stats.ts';

/** Sections that `--only` can pick. */
export const SECTIONS = ['build', 'transfer', 'ttc', 'navigation', 'search', 'lighthouse', 'authoring', 'peers'] as const;
export type Section = (typeof SECTIONS)[number];

/** A synthetic site's first load (its default page), for the manifest-scale budget. */
export interface ScaleLoad extends FirstLoad {
  /** Pages in the site. */
  sitePages: number;
}

/** Everything one run measured. Sections that did not run are absent. */
export interface BenchResults {
  date: string;
  machine: Machine;
  options: { quick: boolean; only: Section[]; content: string; runs: number; buildCapSeconds: number };
  /** The emulated device of the timing figures. */
  profile: string;
  /** Pages measured on the real site. */
  pages: { home: string; default: string; overview: string | null; notFound: string; count: number };
  /** Real content build, then synthetic sites by size. */
  build?: BuildRun[];
  transfer?: FirstLoad[];
  /** Default pages of the synthetic sites (first-load data at scale). */
  scale?: ScaleLoad[];
  timeToContent?: TimeToContent;
  /**
   * The same, for a copy of the default page's document whose article has
   * every section laid out in the frames that draw it (no lazy sections):
   * what the deferred layout of the sections out of the window saves.
   */
  timeToContentEager?: TimeToContent;
  navigation?: Navigation;
  search?: Array<SearchFigures & { sitePages: number }>;
  /** Queries typed one after another: the real site's keystrokes once cached, the largest synthetic site's session. */
  searchTyping?: Array<TypingFigures & { sitePages: number }>;
  /** Per keystroke in a bare field that echoes its text into one element (measureKeystrokeFloor), ms: the browser's own share. */
  keystrokeFloor?: Spread;
  /** The same without the CPU slowdown. */
  keystrokeFloorNoSlowdown?: Spread;
  /** Per keystroke, the app's answers written as HTML into the page document's box without the app (measureAnswersFloor), ms. */
  answersFloor?: Spread;
  /** The relevance set, the site's engine beside MiniSearch over the same page texts. */
  relevance?: { site: RelevanceFigures; minisearch: RelevanceFigures };
  lighthouse?: LighthouseScores[];
  /** The dev server's loop (npm run dev in a Chromium tab). */
  authoring?: Authoring;
  /** The same pages built by another generator, measured the same way: its build, a default page's first load, time to its h1. */
  peers?: Array<{ build: PeerBuild; firstLoad?: FirstLoad; timeToContent?: TimeToContent }>;
  /** Figures that could not be measured, and why. */
  notMeasured: string[];
  /** Sections that failed: the budgets they would have judged have no row. */
  failedSections?: string[];
  /** Whole run, s. */
  durationSeconds: number;
}
