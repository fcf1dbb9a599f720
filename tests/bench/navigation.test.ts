// The navigation section's check that the emulated round trip held, and how a failed section is reported.
import { describe, expect, it } from 'vitest';
import { checkRoundTrip } from './navigation.ts';
import { FAST_4G } from './profile.ts';
import { renderReport } from './report.ts';
import type { BenchResults } from './results.ts';

describe('checkRoundTrip', () => {
  it('fails a hop that fetched its data after the click and still came sooner than one round trip', () => {
    expect(() => checkRoundTrip('/a/', FAST_4G.latencyMs - 1, 2)).toThrow(/less than the emulated round trip of 165 ms/);
  });

  it('accepts a hop of at least one round trip, a hop with no data fetched, and a hop with no h1', () => {
    expect(() => checkRoundTrip('/a/', FAST_4G.latencyMs, 2)).not.toThrow();
    expect(() => checkRoundTrip('/a/', 20, 0)).not.toThrow();
    expect(() => checkRoundTrip('/a/', null, 2)).not.toThrow();
  });
});

describe('renderReport', () => {
  const base: BenchResults = {
    date: '',
    machine: { os: '', cpu: '', cores: 2, memory: 0, node: '', chromium: '', commit: null },
    options: { quick: false, only: ['navigation'], content: 'content', runs: 5, buildCapSeconds: 240 },
    profile: '',
    pages: { home: '/', default: '/a/', overview: null, notFound: '/x/', count: 67 },
    notMeasured: ['navigation: the round trip did not hold'],
    durationSeconds: 1,
  };

  it('names the failed sections in the budget count, whose budgets have no rows', () => {
    const text = renderReport({ ...base, failedSections: ['navigation'] }, []);
    expect(text).toContain('Budgets: 0 pass, 0 fail, 0 not measured. 1 section(s) failed, their budgets not judged: navigation.');
  });

  it('says nothing of failed sections when none failed', () => {
    expect(renderReport(base, [])).not.toContain('section(s) failed');
  });
});
