/**
 * Numbers that restate a site variable. A default or limit of the product
 * brief, written as a literal next to a word that names its concept, should
 * have been `{{ vars.name }}`: when the variable changes, the literal would
 * silently disagree. Used on page prose and on the text of diagrams.
 */

/** [variable, the literal as written, a word that must be near it for the literal to mean that variable] */
export type LiteralRule = [name: string, literal: RegExp, concept: RegExp | null];

/** How prose spells the numbers up to ten. */
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The rules for the variables of content/_config/variables.yml (values as written there). */
export function literalRules(vars: Readonly<Record<string, string>>): LiteralRule[] {
  const v = (name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`variables.yml has no ${name}`);
    return value.replace('.', '\\.');
  };
  /** A small whole number as a digit or as the word prose spells it with (3 or three). */
  const spelled = (name: string) => {
    const word = NUMBER_WORDS[Number(vars[name])];
    return word === undefined ? v(name) : `(?:${v(name)}|${word})`;
  };
  return [
    ['fuzzyThreshold', new RegExp(`(?<![\\d.])${v('fuzzyThreshold')}(?![\\d%]| ?s\\b| ?seconds?)`), /threshold|fuzzy|similar/i],
    ['fuzzyThresholdMin', new RegExp(`(?<![\\d.])${v('fuzzyThresholdMin')}(?![\\d%]| ?s\\b| ?seconds?)`), /threshold|fuzzy|similar/i],
    ['fuzzyThresholdMax', new RegExp(`(?<![\\d.])${v('fuzzyThresholdMax')}(?![\\d%]| ?s\\b| ?seconds?)`), /threshold|fuzzy|similar|exact/i],
    ['listeningTimeout', new RegExp(`(?<![\\d.])${v('listeningTimeout')} ?(s|sec|seconds?)\\b`), /listen/i],
    ['listeningTimeoutMax', new RegExp(`(?<![\\d.])${v('listeningTimeoutMax')} ?(s|sec|seconds?)\\b`), /listen/i],
    ['endOfSpeechTimeout', new RegExp(`(?<![\\d.])${v('endOfSpeechTimeout')}(?![\\d%])`), /end-of-speech|endOfSpeech|silence|pause/i],
    ['endOfSpeechTimeoutMax', new RegExp(`(?<![\\d.])${v('endOfSpeechTimeoutMax')} ?(s|sec|seconds?)\\b`), /end-of-speech|endOfSpeech/i],
    ['whatsappWindowHours', new RegExp(`(?<![\\d.])${v('whatsappWindowHours')}[- ]?(h|hours?)\\b`), /whatsapp|window/i],
    ['concurrentTests', new RegExp(`(?<![\\d.])${v('concurrentTests')} (concurrent|tests|slots)`), null],
    ['monitoringIntervalMinutes', new RegExp(`(?<![\\d.–-])${v('monitoringIntervalMinutes')}[- ]?(min|minutes?)\\b`), /interval|monitor|schedule|every/i],
    ['monitoringIntervalMinMinutes', new RegExp(`(?<![\\d.–-])${v('monitoringIntervalMinMinutes')}[- ]?(min|minutes?)\\b`), /interval|monitor|schedule|shortest|minimum/i],
    ['runHistoryDays', new RegExp(`(?<![\\d.])${v('runHistoryDays')}[- ]?days?\\b`), null],
    ['apiRequestsPerMinute', new RegExp(`(?<![\\d.])${v('apiRequestsPerMinute')} requests`), null],
    ['tokenLength', new RegExp(`(?<![\\d.])${v('tokenLength')} (characters|letters)`), null],
    ['maxTestsPerSuite', new RegExp(`(?<![\\d.])${v('maxTestsPerSuite')} tests\\b`), /suite|script|limit|up to|most/i],
    ['maxStepsPerTest', new RegExp(`(?<![\\d.])${v('maxStepsPerTest')} (steps|interactions)\\b`), null],
    ['maxScriptKilobytes', new RegExp(`(?<![\\d.])${v('maxScriptKilobytes')} ?(KB|kB|KiB|kilobytes?)\\b`), null],
    ['maxCallMinutes', new RegExp(`(?<![\\d.–-])${v('maxCallMinutes')}[- ]?(min|minutes?)\\b`), /\bcalls?\b|phone|dial/i],
    ['maxBatchInputs', new RegExp(`(?<![\\d.])${v('maxBatchInputs')} inputs\\b`), /batch/i],
    ['maxConversationInputs', new RegExp(`(?<![\\d.])${v('maxConversationInputs')} inputs\\b`), /conversation/i],
    ['maxApiKeysPerOrganization', new RegExp(`(?<![\\d.])${v('maxApiKeysPerOrganization')} (active |API )*keys\\b`), null],
    ['webhookToleranceSeconds', new RegExp(`(?<![\\d.])${v('webhookToleranceSeconds')} ?(s|sec|seconds?)\\b`), /signature|timestamp|tolerance|webhook|replay/i],
    ['supportFirstReplyHours', new RegExp(`(?<![\\d.\\w])${spelled('supportFirstReplyHours')}[- ]?(h|hours?)\\b`, 'i'), /support|reply|replies|answer/i],
    ['webhookAnswerSeconds', new RegExp(`(?<![\\d.\\w])${spelled('webhookAnswerSeconds')} ?(s|sec|seconds?)\\b`, 'i'), /webhook|deliver|callback|2xx/i],
    ['webhookRetries', new RegExp(`(?<![\\d.\\w])${spelled('webhookRetries')} (times|retries)\\b`, 'i'), /retr/i],
    ['webhookRetryIntervalMinutes', new RegExp(`(?<![\\d.\\w])${spelled('webhookRetryIntervalMinutes')}[- ]?(min|minutes?)\\b`, 'i'), /retr/i],
    ['defaultLocale', new RegExp(`(?<![\\w-])${v('defaultLocale')}(?![\\w-])`), /\bdefault|new device|left out|not set/i],
    ['defaultVoice', new RegExp(`(?<![\\w-])${v('defaultVoice')}(?![\\w-])`), /\bdefault|new device|left out|not set/i],
  ];
}

/**
 * The rules for one line of a fenced block marked `vars`. There a "similarity" is a measured score
 * (`"similarity": 1.0`), not the threshold, so only the words threshold and fuzzy tie a number to it.
 */
export function fenceLiteralRules(vars: Readonly<Record<string, string>>): LiteralRule[] {
  return literalRules(vars).map(([name, literal, concept]) => [name, literal, name.startsWith('fuzzyThreshold') ? /threshold|fuzzy/i : concept]);
}

/** Each literal of `text` that restates a variable, as "…context…" messages naming the variable. */
export function restatedVariables(text: string, rules: ReadonlyArray<LiteralRule>): string[] {
  const out: string[] = [];
  for (const [name, re, concept] of rules) {
    const m = re.exec(text);
    if (m && (!concept || concept.test(text))) {
      out.push(`"${m[0]}" should be {{ vars.${name} }} (…${text.slice(Math.max(0, m.index - 40), m.index + 30)}…)`);
    }
  }
  return out;
}
