/**
 * Words for synthetic pages: a common vocabulary of a testing-service
 * documentation (drawn with a Zipf-like skew, as real text is) and a large
 * set of rare made-up terms (product names, identifiers) that give the search
 * index a realistic number of distinct words.
 */

/** Common words, most frequent first. */
export const COMMON = (
  'the a to of and in is for you test on with your that it can be as this each step when an are or by from script device ' +
  'call run results project suite voice chat page response timeout user expected input bot prompt report api key token ' +
  'configure set value use list time number text default send receive check monitor record recording audio speech ' +
  'transcript match matching threshold fuzzy menu caller phone assistant skill action intent utterance locale language ' +
  'platform dashboard history organization member role access error failure pass passed failed retry schedule alert ' +
  'webhook endpoint request header body status code command line option flag file folder environment variable build ' +
  'pipeline continuous integration job stage artifact server client browser widget session message reply button card ' +
  'carousel quick replies attachment image link url domain host port secure certificate account billing plan limit ' +
  'quota usage concurrent load ramp users duration minute second hour daily weekly summary detail overview guide ' +
  'example sample tutorial course lesson exercise chapter section note tip warning important remember also then next ' +
  'first last before after while until only every all some many more less new old same other different similar change ' +
  'update create delete edit save open close start stop pause resume select choose click press type enter read write ' +
  'keypad tone dial transfer agent queue hold music greeting welcome goodbye confirm cancel repeat help support contact ' +
  'homophone synonym spelling pronunciation accent noise silence barge interrupt endpointing latency jitter quality score ' +
  'accuracy coverage regression smoke functional unit integration monitoring uptime incident notification email slack'
).split(' ');

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = 'ka ve lo ri tam sen dor vi qua zel mon tra pel nik sor bra ful gen hox ju lar mek nor pia rus tik ver wal yen zor'.split(' ');

/** `count` distinct made-up terms (5 to 10 letters), the same for the same seed. */
export function rareTerms(count: number, seed: number): string[] {
  const rand = prng(seed);
  const out = new Set<string>();
  while (out.size < count) {
    let w = '';
    const n = 2 + Math.floor(rand() * 3);
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (w.length >= 5 && w.length <= 10) out.add(w);
  }
  return [...out];
}

/** A common word, skewed towards the front of the list. */
export function commonWord(rand: () => number): string {
  return COMMON[Math.floor(COMMON.length * rand() ** 2.2)]!;
}

/**
 * A reader's search session on a synthetic site: ten queries of common words,
 * four of them misspelt the ways readers misspell (a letter left out, two
 * letters swapped, a wrong first letter), so the session loads the term lists
 * that correct typos as well as the shards of exact words. `meant` is the
 * query without its typos.
 */
export const SEARCH_SESSION: ReadonlyArray<{ typed: string; meant: string }> = [
  { typed: 'voice test results', meant: 'voice test results' },
  { typed: 'monitorng uptime alert', meant: 'monitoring uptime alert' },
  { typed: 'webhook endpoint status', meant: 'webhook endpoint status' },
  { typed: 'trnascript match threshold', meant: 'transcript match threshold' },
  { typed: 'concurrent users ramp', meant: 'concurrent users ramp' },
  { typed: 'pronunciation acent', meant: 'pronunciation accent' },
  { typed: 'schedule daily report', meant: 'schedule daily report' },
  { typed: 'keypad tone dial', meant: 'keypad tone dial' },
  { typed: 'bashboard history', meant: 'dashboard history' },
  { typed: 'recording audio quality', meant: 'recording audio quality' },
];
