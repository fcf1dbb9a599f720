// One answer per fact: the checks that would have caught the contradictions of the content
// review. Numbers that name a site variable are the variable (in prose, in diagrams and in the
// published test-script schema); every "ask support" leads to the support page; every error
// code the prose names exists in the OpenAPI document or the error index; every test script
// and API example is marked, so the build's schema and OpenAPI checks see it.
import { describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { fencesOf } from '../../../manifest/fences.ts';
import { TEST_SCRIPT_FLAG } from '../../../manifest/test-script-check.ts';
import { literalRules, restatedVariables } from '../../support/variable-literals.ts';

// Every page is parsed once, by the first test that needs it; on a loaded 2-core machine that takes seconds.
vi.setConfig({ testTimeout: 60_000 });

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CONTENT = path.join(ROOT, 'content');
const SUPPORT_PAGE = '/support/';
const ERROR_INDEX = 'reference/errors/index.md';

/** The site variables as written in variables.yml (so 1.0 stays 1.0). */
const vars: Record<string, string> = Object.fromEntries(
  [...readFileSync(path.join(CONTENT, '_config/variables.yml'), 'utf8').matchAll(/^([A-Za-z0-9_]+):[ \t]*(.*?)[ \t]*$/gm)].map((m) => [
    m[1]!,
    m[2]!.replace(/^(["'])(.*)\1$/, '$2'),
  ]),
);
const rules = literalRules(vars);

const files = (dir: string, ext: string): string[] =>
  (readdirSync(path.join(CONTENT, dir), { recursive: true }) as string[])
    .map((f) => path.join(dir, f).split(path.sep).join('/'))
    .filter((f) => f.endsWith(ext) && !f.split('/').some((s) => s.startsWith('_')));
const pages = files('.', '.md').filter((f) => !f.startsWith('public/'));
const bodyOf = (file: string) => {
  const text = readFileSync(path.join(CONTENT, file), 'utf8').replace(/\r\n?/g, '\n');
  return text.startsWith('---\n') ? text.slice(text.indexOf('\n---', 3) + 4) : text;
};

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  position?: { start: { line: number } };
}
const parser = unified().use(remarkParse).use(remarkGfm);
const blockCache = new Map<string, MdNode[]>();
/** The paragraphs, table rows and headings of a page's source, parsed once per file. */
function blocks(file: string): MdNode[] {
  const cached = blockCache.get(file);
  if (cached) return cached;
  const out: MdNode[] = [];
  blockCache.set(file, out);
  const walk = (n: MdNode) => {
    if (n.type === 'paragraph' || n.type === 'tableRow' || n.type === 'heading') out.push(n);
    else n.children?.forEach(walk);
  };
  walk(parser.parse(bodyOf(file)));
  return out;
}
const textOf = (n: MdNode): string => (n.type === 'text' || n.type === 'inlineCode' ? (n.value ?? '') : (n.children ?? []).map(textOf).join(n.type === 'tableRow' ? ' | ' : ''));
const linksOf = (n: MdNode): string[] => (n.type === 'link' ? [n.url ?? ''] : (n.children ?? []).flatMap(linksOf));
const codesOf = (n: MdNode): string[] => (n.type === 'inlineCode' ? [n.value ?? ''] : (n.children ?? []).flatMap(codesOf));

describe('numbers that name a site variable', () => {
  it('diagrams state no default or limit as a literal', () => {
    const found: string[] = [];
    for (const svg of files('public/images', '.svg')) {
      const source = readFileSync(path.join(CONTENT, svg), 'utf8');
      // Each label alone (a literal), with the whole diagram as the context that names its concept.
      const labels = [...source.matchAll(/<(title|desc|text)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]!.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim());
      const whole = labels.join(' ');
      for (const label of labels) {
        for (const m of restatedVariables(label, rules.map(([n, re]) => [n, re, null] as const))) {
          const concept = rules.find(([n]) => m.includes(`vars.${n} `))![2];
          if (!concept || concept.test(whole)) found.push(`${svg}: ${m}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the published test-script schema states the same defaults and ranges as the site variables', () => {
    const schema = JSON.parse(readFileSync(path.join(CONTENT, 'public/schemas/test-script.json'), 'utf8')) as {
      $defs: { configuration: { properties: Record<string, { default?: number; minimum?: number; maximum?: number }> } };
    };
    const p = schema.$defs.configuration.properties;
    const triple = (k: string) => [p[k]!.default, p[k]!.minimum, p[k]!.maximum];
    expect({ fuzzyThreshold: triple('fuzzyThreshold'), listeningTimeout: triple('listeningTimeout'), endOfSpeechTimeout: triple('endOfSpeechTimeout') }).toEqual({
      fuzzyThreshold: [vars.fuzzyThreshold, vars.fuzzyThresholdMin, vars.fuzzyThresholdMax].map(Number),
      listeningTimeout: [vars.listeningTimeout, vars.listeningTimeoutMin, vars.listeningTimeoutMax].map(Number),
      endOfSpeechTimeout: [vars.endOfSpeechTimeout, vars.endOfSpeechTimeoutMin, vars.endOfSpeechTimeoutMax].map(Number),
    });
  });
});

describe('facts the OpenAPI document and the schema share with the site variables', () => {
  const doc = parseYaml(readFileSync(path.join(CONTENT, 'public/openapi.yaml'), 'utf8')) as {
    components: { schemas: Record<string, { properties: Record<string, { description?: string; maxItems?: number; maxLength?: number }> }> };
  };
  const schema = JSON.parse(readFileSync(path.join(CONTENT, 'public/schemas/test-script.json'), 'utf8')) as {
    properties: { tests: { maxItems: number } };
    $defs: { test: { properties: { steps: { maxItems: number } } } };
  };
  const s = doc.components.schemas;

  it('limits: tests per suite, steps per test, script size, batch and conversation inputs', () => {
    expect({
      testsPerSuite: schema.properties.tests.maxItems,
      stepsPerTest: [schema.$defs.test.properties.steps.maxItems, s.Test!.properties.steps!.maxItems],
      scriptBytes: s.TestSuiteInput!.properties.script!.maxLength,
      batchInputs: s.BatchRequest!.properties.inputs!.maxItems,
      conversationInputs: s.ConversationRequest!.properties.inputs!.maxItems,
    }).toEqual({
      testsPerSuite: Number(vars.maxTestsPerSuite),
      stepsPerTest: [Number(vars.maxStepsPerTest), Number(vars.maxStepsPerTest)],
      scriptBytes: Number(vars.maxScriptKilobytes) * 1024,
      batchInputs: Number(vars.maxBatchInputs),
      conversationInputs: Number(vars.maxConversationInputs),
    });
  });

  it('every figure the OpenAPI document states in words is the site variable', () => {
    // The document cannot use {{ vars.name }}, so its figures are compared with the variables instead.
    const text = readFileSync(path.join(CONTENT, 'public/openapi.yaml'), 'utf8');
    const figures: Array<[string, RegExp]> = [
      ['apiRequestsPerMinute', /(\d+) requests (in|a|per) (one |the last )?minute/g],
      ['concurrentTests', /(\d+) concurrent-test slots/g],
      ['runHistoryDays', /(\d+) days after/g],
      ['maxBatchInputs', /up to (\d+) inputs/g],
      ['webhookToleranceSeconds', /more than (\d+) seconds old/g],
    ];
    const disagree = figures.flatMap(([name, re]) => [...text.matchAll(re)].filter((m) => m[1] !== vars[name]).map((m) => `"${m[0]}" but ${name} is ${vars[name]}`));
    const found = figures.map(([name, re]) => [name, [...text.matchAll(re)].length] as const).filter(([, n]) => n === 0);
    expect({ disagree, unused: found }).toEqual({ disagree: [], unused: [] });
  });

  it('the webhook retry rule is the security page\'s: the document links there instead of stating it', () => {
    // The document cannot use {{ vars.name }}, so it states no figure of the rule at all.
    const text = readFileSync(path.join(CONTENT, 'public/openapi.yaml'), 'utf8');
    const figures = [...text.matchAll(/retried [^.\n]*(times|apart|minute)|within \d+ seconds/g)].map((m) => m[0]);
    const retried = [...text.matchAll(/retried[^\n]*/g)].filter((m) => !m[0].includes('(/reference/security/#answer-webhook-deliveries-in-time)')).map((m) => m[0]);
    expect({ figures, unlinked: retried }).toEqual({ figures: [], unlinked: [] });
  });

  it('the default locale and voice of a new device', () => {
    const descriptions = [s.SuiteSettings!.properties.locale!, s.SuiteSettings!.properties.voice!, s.ProcessRequest!.properties.locale!, s.ProcessRequest!.properties.voice!].map((p) => p.description ?? '');
    expect(descriptions.map((d) => d.match(/\(([^ ]+) on a new device\)/)?.[1])).toEqual([vars.defaultLocale, vars.defaultVoice, vars.defaultLocale, vars.defaultVoice]);
  });
});

describe('one place for each explained concept', () => {
  // [concept, its canonical page, its section's link, a block that explains or restates it, a heading about it]
  const concepts: Array<[string, string, string, RegExp, RegExp]> = [
    [
      'end-of-speech timeout',
      'end-to-end/guide/index.md',
      '/end-to-end/guide/#set-the-end-of-speech-timeout',
      /end-of-speech timeout[^.]*(silen|quiet|\{\{ vars\.endOfSpeechTimeout)|(silen|quiet)[^.]*end-of-speech timeout/i,
      /end-of-speech/i,
    ],
    [
      'WhatsApp window',
      'guides/whatsapp/index.md',
      '/guides/whatsapp/#work-inside-the-whatsapp-testing-window',
      /(customer-service|testing) window|whatsappWindowHours/i,
      /whatsapp.*window|window.*whatsapp/i,
    ],
    [
      'webhook retry rule',
      'reference/security/index.md',
      '/reference/security/#answer-webhook-deliveries-in-time',
      /\bretried\b|\{\{ vars\.webhook(AnswerSeconds|Retries|RetryIntervalMinutes)/i,
      /webhook.*(answer|retr)|(answer|retr).*webhook/i,
    ],
  ];
  // The FAQ's questions are routes into the docs: a heading there answers in a sentence and links on.
  const ROUTING = new Set(['faq/index.md']);

  it.each(concepts)('the %s is explained on %s; any other page that states it links there', (_name, home, anchor, states, heading) => {
    const problems: string[] = [];
    for (const file of pages.filter((f) => f !== home)) {
      for (const b of blocks(file)) {
        const text = b.type === 'heading' ? '' : textOf(b);
        if (b.type === 'heading' && heading.test(textOf(b)) && !ROUTING.has(file)) problems.push(`${file}:${b.position?.start.line}: a section of its own, "${textOf(b)}"`);
        else if (b.type !== 'heading' && states.test(text) && !linksOf(b).includes(anchor)) problems.push(`${file}:${b.position?.start.line}: states it without linking to ${anchor}: ${text.slice(0, 90)}…`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the reference pages', () => {
  it('every reference page and the support page are in the sidebar', () => {
    const sidebar = readFileSync(path.join(CONTENT, '_config/site.yml'), 'utf8');
    const missing = pages
      .filter((f) => f.startsWith('reference/') || f.startsWith('support/'))
      .map((f) => `/${f.replace(/index\.md$/, '')}`)
      .filter((p) => !sidebar.includes(`- ${p}\n`));
    expect(missing).toEqual([]);
  });
});

describe('asking for help', () => {
  const asks = /\b(ask|asks|asking|contact|contacting|e-?mail|write to|tell|reach)\s+(our\s+|the\s+|your\s+)?support\b|\bcontact us\b|\bsupport (team|desk)\b|\bopen a (support )?ticket\b|\bsupport asks\b/i;

  it('every "ask support" or "contact us" links to the support page', () => {
    const unlinked: string[] = [];
    for (const file of pages.filter((f) => f !== 'support/index.md')) {
      for (const b of blocks(file)) {
        if (asks.test(textOf(b)) && !linksOf(b).some((u) => u.startsWith(SUPPORT_PAGE))) unlinked.push(`${file}:${b.position?.start.line}: ${textOf(b).slice(0, 100)}…`);
      }
    }
    expect(unlinked).toEqual([]);
  });
});

describe('error codes', () => {
  const doc = parseYaml(readFileSync(path.join(CONTENT, 'public/openapi.yaml'), 'utf8')) as unknown;
  /** Every `code:` value of the document's examples and every value of an enum named errorCode. */
  const documented = new Set<string>();
  const collect = (n: unknown, key = ''): void => {
    if (Array.isArray(n)) n.forEach((x) => collect(x, key));
    else if (n && typeof n === 'object') {
      const o = n as Record<string, unknown>;
      if (typeof o.code === 'string') documented.add(o.code);
      if (key === 'errorCode' && Array.isArray(o.enum)) for (const v of o.enum) if (typeof v === 'string') documented.add(v);
      for (const [k, v] of Object.entries(o)) collect(v, k);
    }
  };
  collect(doc);
  const indexed = new Set(blocks(ERROR_INDEX).filter((b) => b.type === 'tableRow').flatMap((b) => codesOf(b.children![0]!)));
  /** An error code as the API and the CLI write them; IDs (ts_…, tr_…) are not codes. */
  const CODE = /^(?!(ts|tr|pr|vd|cv|bt|req)_)[a-z]+(_[a-z0-9]+)+$/;
  const SPEAKS_OF_ERRORS = /\berror|\b[45]\d\d\b|refused|rejected/i;

  it('the error index lists every code of the OpenAPI document', () => {
    expect([...documented].filter((c) => !indexed.has(c)).sort()).toEqual([]);
  });

  /** The error codes of each HTTP status: the `code` of every example among the document's responses with that status. */
  const byStatus = new Map<string, Set<string>>();
  const api = doc as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
  /** A `$ref` to a shared response or example, followed; schemas are left alone (they hold no codes). */
  const follow = (n: unknown): unknown => {
    const ref = (n as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string' || !/^#\/components\/(responses|examples)\//.test(ref)) return n;
    return follow(ref.slice(2).split('/').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], doc));
  };
  const codesIn = (n: unknown, out: Set<string>): void => {
    const o = follow(n);
    if (Array.isArray(o)) o.forEach((x) => codesIn(x, out));
    else if (o && typeof o === 'object') {
      if (typeof (o as { code?: unknown }).code === 'string') out.add((o as { code: string }).code);
      for (const v of Object.values(o)) codesIn(v, out);
    }
  };
  for (const ops of Object.values(api.paths)) {
    for (const op of Object.values(ops)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (!byStatus.has(status)) byStatus.set(status, new Set());
        codesIn(response, byStatus.get(status)!);
      }
    }
  }
  /** An HTTP error status as pages write it: `409`, `409 Conflict`, a table cell holding only 409, or HTTP 409. */
  const STATUS_CODE = /^([45]\d\d)(?: [A-Z][A-Za-z ]+)?$/;
  const statusesOf = (n: MdNode, text: string): string[] => [
    ...codesOf(n).flatMap((c) => STATUS_CODE.exec(c)?.[1] ?? []),
    ...(n.type === 'tableRow' ? (n.children ?? []).map((cell) => textOf(cell).trim()).filter((t) => /^[45]\d\d$/.test(t)) : []),
    ...[...text.matchAll(/\bHTTP ([45]\d\d)\b/g)].map((m) => m[1]!),
  ];
  /** The parts of a block in which a status and a code belong together: a table row whole, a paragraph sentence by sentence. */
  const unitsOf = (b: MdNode): MdNode[] => {
    if (b.type === 'tableRow') return [b];
    const sentences: MdNode[] = [{ type: 'paragraph', children: [] }];
    for (const child of b.children ?? []) {
      if (child.type !== 'text') {
        sentences.at(-1)!.children!.push(child);
        continue;
      }
      const parts = (child.value ?? '').split(/(?<=[.!?])\s+/);
      parts.forEach((part, i) => {
        if (i > 0) sentences.push({ type: 'paragraph', children: [] });
        sentences.at(-1)!.children!.push({ type: 'text', value: part });
      });
    }
    return sentences;
  };

  it('every error code a page puts next to an HTTP status is among the responses of that status in the OpenAPI document', () => {
    const misplaced: string[] = [];
    for (const file of pages) {
      for (const b of blocks(file)) {
        if (b.type === 'heading') continue;
        for (const unit of unitsOf(b)) {
          const statuses = [...new Set(statusesOf(unit, textOf(unit)))];
          if (statuses.length === 0) continue;
          const allowed = new Set(statuses.flatMap((s) => [...(byStatus.get(s) ?? [])]));
          for (const c of codesOf(unit).filter((x) => CODE.test(x) && !allowed.has(x))) {
            misplaced.push(`${file}:${b.position?.start.line}: ${c} next to ${statuses.join(', ')}, which the OpenAPI document answers with ${[...allowed].join(', ') || 'no code'}`);
          }
        }
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('every error code named in prose exists in the OpenAPI document or the error index', () => {
    const unknown: string[] = [];
    for (const file of pages) {
      for (const b of blocks(file)) {
        if (!SPEAKS_OF_ERRORS.test(textOf(b))) continue;
        for (const c of codesOf(b).filter((x) => CODE.test(x))) if (!documented.has(c) && !indexed.has(c)) unknown.push(`${file}:${b.position?.start.line}: ${c}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe('examples the build checks', () => {
  it('every complete test script in a YAML block is marked test-script', () => {
    const unmarked: string[] = [];
    for (const file of pages) {
      for (const f of fencesOf(bodyOf(file))) {
        if (f.info[0] !== 'yaml' || f.info.includes(TEST_SCRIPT_FLAG)) continue;
        let value: unknown;
        try {
          value = parseYaml(f.text.replace(/\{\{ vars\.\w+ \}\}/g, '1'));
        } catch {
          continue;
        }
        const v = value as Record<string, unknown> | null;
        if (v && typeof v === 'object' && 'configuration' in v && ('tests' in v || 'accuracy' in v)) unmarked.push(`${file}: block at body line ${f.line}`);
      }
    }
    expect(unmarked).toEqual([]);
  });

  it('every JSON block names its API operation or its published schema, or says which other file it shows', () => {
    const unnamed = pages.flatMap((file) =>
      fencesOf(bodyOf(file))
        .filter((f) => f.info[0] === 'json' && !f.info.some((w) => w.startsWith('openapi=') || w.startsWith('schema=') || w.startsWith('not-api=')))
        .map((f) => `${file}: block at body line ${f.line}`),
    );
    expect(unnamed).toEqual([]);
  });
});
