/**
 * An address read for routing: the canonical paths it may stand for (§2
 * path rules) and the sections whose route files can say which one exists.
 * The app reads the address it starts on once (main.tsx, which asks for
 * those route files before React starts) and hands it down; SiteShell reads
 * only the addresses navigated to after that.
 */
import { createContext } from 'react';
import { candidatePaths } from '../shared/paths.ts';
import { sectionOf } from '../shared/schemas/site-data.ts';

export interface Address {
  pathname: string;
  /** Canonical paths the address may stand for, likeliest first. */
  candidates: string[];
  /** The sections of those paths (route files to load). */
  sections: string[];
}

export function readAddress(pathname: string): Address {
  const candidates = candidatePaths(pathname);
  return { pathname, candidates, sections: [...new Set(candidates.map(sectionOf))] };
}

/** The address the app started on, as main.tsx read it. */
export const StartAddressContext = createContext<Address | null>(null);
