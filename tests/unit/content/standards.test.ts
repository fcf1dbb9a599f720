// The content standards of the real site, checked on the compiled content: the spec's pages and aliases,
// page depth per class (headings, prose, code, images), the FAQ, home, releases, courses and overviews,
// no paragraph written twice, no placeholder, example domains only, and numbers that come from the site
// variables. Every assertion lists the offending pages, so a failure says what to fix.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { compileContent } from '../../../manifest/compile.ts';
import { SITE_DATA_PATH } from '../../../src/shared/schemas/site-data.ts';
import { chunkOf } from '../../support/chunks.ts';
import { CHATBOT_COURSE, IVR_COURSE } from '../../support/courses.ts';
import { fenceLiteralRules, literalRules, restatedVariables } from '../../support/variable-literals.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CONTENT = path.join(ROOT, 'content');

/** Minimum prose words (front matter and code excluded) on a guide, API, dashboard or end-to-end page. */
const MIN_WORDS = 380;
/** Minimum h2/h3 headings on those pages. */
const MIN_HEADINGS = 3;
/** A paragraph this long may appear on one page only. */
const DUPLICATE_MIN_WORDS = 20;

// ---------------------------------------------------------------------------------------------
// The compiled site, once.

const result = await compileContent({ contentDir: CONTENT, rootDir: ROOT });
const records = result.manifest.pages;
const byPath = new Map(records.map((r) => [r.path, r]));
/** The site variables as written in variables.yml (so 1.0 stays 1.0). */
const vars: Record<string, string> = Object.fromEntries(
  [...readFileSync(path.join(CONTENT, '_config/variables.yml'), 'utf8').matchAll(/^([A-Za-z0-9_]+):[ \t]*(.*?)[ \t]*$/gm)].map((m) => [
    m[1]!,
    m[2]!.replace(/^(["'])(.*)\1$/, '$2'),
  ]),
);

const chunks = new Map(records.map((r) => [r.path, chunkOf((f) => result.files.get(f), r.path)]));

// ---------------------------------------------------------------------------------------------
// Markdown facts, from the same parser family the client uses (remark + GFM).

interface MdNode {
  type: string;
  value?: string;
  lang?: string | null;
  meta?: string | null;
  alt?: string | null;
  url?: string;
  depth?: number;
  ordered?: boolean;
  children?: MdNode[];
}

const parser = unified().use(remarkParse).use(remarkGfm);
const trees = new Map<string, MdNode>();
function tree(p: string): MdNode {
  let t = trees.get(p);
  if (!t) {
    t = parser.parse(chunks.get(p)!.markdown) as MdNode;
    trees.set(p, t);
  }
  return t;
}
/** The page as written: its source file without front matter, site variables not yet substituted. */
function sourceTree(p: string): MdNode {
  const text = readFileSync(path.join(CONTENT, byPath.get(p)!.relativePath), 'utf8').replace(/\r\n?/g, '\n');
  const body = text.startsWith('---\n') ? text.slice(text.indexOf('\n---', 3) + 4) : text;
  return parser.parse(body) as MdNode;
}

function walk(node: MdNode, visit: (n: MdNode, ancestors: MdNode[]) => void, ancestors: MdNode[] = []): void {
  visit(node, ancestors);
  for (const c of node.children ?? []) walk(c, visit, [...ancestors, node]);
}
function nodes(p: string, type: string): MdNode[] {
  const out: MdNode[] = [];
  walk(tree(p), (n) => {
    if (n.type === type) out.push(n);
  });
  return out;
}
/** Visible text of a node; code (fenced and inline) only when asked. */
function textOf(node: MdNode, withInlineCode = true): string {
  if (node.type === 'text') return node.value ?? '';
  if (node.type === 'inlineCode') return withInlineCode ? (node.value ?? '') : ' ';
  if (node.type === 'code' || node.type === 'html') return ' ';
  if (node.type === 'break') return ' ';
  return (node.children ?? []).map((c) => textOf(c, withInlineCode)).join(node.type === 'tableRow' || node.type === 'table' ? ' ' : '');
}
const WORD = /[A-Za-z0-9][A-Za-z0-9'’.-]*/g;
const words = (s: string) => s.match(WORD) ?? [];

/** Prose words: every text node outside fenced and inline code. */
function proseWords(p: string): number {
  let n = 0;
  walk(tree(p), (node, ancestors) => {
    if (node.type === 'text' && !ancestors.some((a) => a.type === 'code' || a.type === 'html')) n += words(node.value ?? '').length;
  });
  return n;
}

/** Sections under each heading of one level: title and the text up to the next heading of that level or higher. */
function sections(p: string, depth: number): Array<{ title: string; text: string }> {
  const out: Array<{ title: string; text: string }> = [];
  let current: { title: string; text: string } | null = null;
  for (const child of tree(p).children ?? []) {
    if (child.type === 'heading' && (child.depth ?? 0) <= depth) {
      current = child.depth === depth ? { title: textOf(child), text: '' } : null;
      if (current) out.push(current);
    } else if (current) current.text += ` ${textOf(child)}`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The spec's page list (spec.md §2 and the issue), in one place.

const SPEC_PAGES = [
  '/',
  '/api/',
  '/api/integration/',
  '/api/cli/',
  '/api/test-api/',
  '/TODO.html',
  '/blogs/202004_multitest.html',
  '/guides/',
  '/guides/cli/',
  '/guides/alexa-google/',
  '/guides/ivr/',
  '/guides/watson/',
  '/guides/whatsapp/',
  '/guides/webchat/',
  '/monitoring/',
  '/faq/',
  '/google-marketplace/faq/',
  '/google-marketplace/getting-started/',
  ...['201912', '202001', '202002', '202003', '202004', '202005'].map((m) => `/releases/${m}.html`),
  '/dashboard/',
  ...['history', 'projects', 'manage-organization', 'test-page', 'test-suites', 'virtual-devices'].map((s) => `/dashboard/${s}/`),
  ...['chat', 'faq', 'device-api', 'getting-started', 'setup', 'guide', 'ivr', 'watson', 'test-api'].map((s) => `/end-to-end/${s}/`),
  '/training/overview/',
  '/training/chatbot/overview/',
  '/training/ivr/overview/',
  ...['going-further', 'device', 'configure', 'jquery', 'overview', 'recordings', 'reporting', 'subscribe', 'sample', 'test'].map(
    (s) => `/training/chatbot/functional/${s}/`,
  ),
  '/training/chatbot/load/overview/',
  '/training/chatbot/monitoring/overview/',
  '/training/ivr/accuracy/overview/',
  ...['end-of-speech', 'going-further', 'device', 'homophones', 'reporting', 'overview', 'voices', 'test', 'subscribe'].map(
    (s) => `/training/ivr/functional/${s}/`,
  ),
  '/training/ivr/load/overview/',
  '/training/ivr/monitoring/overview/',
];

type PageClass = 'guide' | 'api' | 'dashboard' | 'end-to-end';
function classOf(p: string): PageClass | null {
  if (p.startsWith('/guides/')) return 'guide';
  if (p.startsWith('/api/')) return 'api';
  if (p.startsWith('/dashboard/')) return 'dashboard';
  if (p.startsWith('/end-to-end/')) return 'end-to-end';
  return null;
}
const classed = records.map((r) => r.path).filter((p) => classOf(p) !== null);

// ---------------------------------------------------------------------------------------------

describe('the spec pages', () => {
  it('has all 67 pages of the spec', () => {
    expect(new Set(SPEC_PAGES).size).toBe(67);
    expect(SPEC_PAGES.filter((p) => !byPath.has(p))).toEqual([]);
  });

  it('redirects the aliases /cli/ and /api/overview.html', () => {
    const site = JSON.parse(result.files.get(SITE_DATA_PATH)!) as { redirects: Record<string, string> };
    expect(site.redirects['/cli/']).toBe('/guides/cli/');
    expect(site.redirects['/api/overview.html']).toBe('/api/');
    expect(byPath.get('/guides/cli/')!.frontmatter.aliases).toContain('/cli/');
    expect(byPath.get('/api/')!.frontmatter.aliases).toContain('/api/overview.html');
  });
});

describe('page depth by class', () => {
  it('covers the guide, API, dashboard and end-to-end pages', () => {
    const count = (c: PageClass) => classed.filter((p) => classOf(p) === c).length;
    expect({ guide: count('guide'), api: count('api'), dashboard: count('dashboard'), 'end-to-end': count('end-to-end') }).toEqual({
      guide: 7,
      api: 4,
      dashboard: 7,
      'end-to-end': 9,
    });
  });

  it(`each has at least ${MIN_HEADINGS} h2/h3 headings`, () => {
    const thin = classed
      .map((p) => ({ p, n: byPath.get(p)!.headers.filter((h) => h.level === 2 || h.level === 3).length }))
      .filter((x) => x.n < MIN_HEADINGS)
      .map((x) => `${x.p}: ${x.n} headings`);
    expect(thin).toEqual([]);
  });

  it(`each has at least ${MIN_WORDS} words of prose, code and front matter excluded`, () => {
    const counts = classed.map((p) => ({ p, n: proseWords(p) }));
    const short = counts.filter((x) => x.n < MIN_WORDS).map((x) => `${x.p}: ${x.n} words`);
    expect(short).toEqual([]);
  });

  it('each has at least one fenced code block', () => {
    const none = classed.filter((p) => nodes(p, 'code').length === 0);
    expect(none).toEqual([]);
  });

  it('guide, dashboard and end-to-end pages each show an image with alt text', () => {
    const without = classed
      .filter((p) => classOf(p) !== 'api')
      .filter((p) => !nodes(p, 'image').some((img) => (img.alt ?? '').trim().length > 0));
    expect(without).toEqual([]);
  });

  it('every image of every page has its size in the chunk', () => {
    const missing: string[] = [];
    for (const r of records) {
      const chunk = chunks.get(r.path)!;
      const srcs = nodes(r.path, 'image').map((i) => i.url!);
      if (r.frontmatter.heroImage) srcs.push(r.frontmatter.heroImage);
      for (const src of srcs) {
        const size = chunk.images[src];
        if (!size || !(size.width > 0) || !(size.height > 0)) missing.push(`${r.path}: ${src}`);
      }
      for (const img of nodes(r.path, 'image')) if (!(img.alt ?? '').trim()) missing.push(`${r.path}: ${img.url} has no alt text`);
    }
    expect(missing).toEqual([]);
  });
});

describe('the FAQ', () => {
  const faq = '/faq/';

  it('has the sections General, Alexa, IVR, Webchat, WhatsApp in that order', () => {
    expect(byPath.get(faq)!.headers.filter((h) => h.level === 2).map((h) => h.title)).toEqual(['General', 'Alexa', 'IVR', 'Webchat', 'WhatsApp']);
  });

  it('answers the fuzzy threshold, both timeouts, the WhatsApp window and concurrency, with the site values', () => {
    const answers = sections(faq, 3);
    const topics: Array<[string, RegExp, string]> = [
      ['fuzzy threshold', /fuzzy/i, String(vars.fuzzyThreshold)],
      ['listening timeout', /listening timeout/i, String(vars.listeningTimeout)],
      ['end-of-speech timeout', /end-of-speech timeout/i, String(vars.endOfSpeechTimeout)],
      ['WhatsApp window', /whatsapp.*window/i, String(vars.whatsappWindowHours)],
      ['concurrency', /at the same time|concurren|in parallel/i, String(vars.concurrentTests)],
    ];
    const unanswered = topics
      .filter(([, title, value]) => !answers.some((a) => title.test(a.title) && a.text.includes(value)))
      .map(([name]) => name);
    expect(unanswered).toEqual([]);
  });
});

describe('the home page', () => {
  const home = byPath.get('/')!;

  it('has the hero fields, a description and a footer', () => {
    const fm = home.frontmatter;
    const missing = (['heroText', 'heroImage', 'tagline', 'actionText', 'actionLink', 'description', 'footer'] as const).filter(
      (k) => typeof fm[k] !== 'string' || !(fm[k]).trim(),
    );
    expect(missing).toEqual([]);
    expect(byPath.has(fm.actionLink!)).toBe(true);
  });

  it('has the six feature cards in order, each with details and a link to a page', () => {
    const features = home.frontmatter.features ?? [];
    expect(features.map((f) => f.title)).toEqual(['Dashboard', 'Platform Guides', 'Monitoring', 'API Documentation', 'FAQ', 'Training']);
    const bad = features.filter((f) => f.details.trim().split(/\s+/).length < 5 || !byPath.has(f.link)).map((f) => f.title);
    expect(bad).toEqual([]);
  });
});

describe('the release notes', () => {
  const months: Array<[string, string, RegExp[]]> = [
    ['/releases/201912.html', 'December 2019', [/test suites/i, /virtual devices/i]],
    ['/releases/202001.html', 'January 2020', [/\bIVR\b/, /homophones/i]],
    ['/releases/202002.html', 'February 2020', [/Test API/]],
    ['/releases/202003.html', 'March 2020', [/webchat/i, /WhatsApp/]],
    ['/releases/202004.html', 'April 2020', [/Watson/, /several platforms/i]],
    ['/releases/202005.html', 'May 2020', [/exclusion windows/i, /Marketplace/]],
  ];
  const headings = (p: string) => byPath.get(p)!.headers.map((h) => h.title).join(' | ');

  it('has six monthly pages, each naming its month', () => {
    expect(records.filter((r) => r.path.startsWith('/releases/')).map((r) => r.path).sort()).toEqual(months.map(([p]) => p));
    const unnamed = months.filter(([p, month]) => !byPath.get(p)!.title.includes(month)).map(([p]) => p);
    expect(unnamed).toEqual([]);
  });

  it("tells the brief's story: each month's headline features are its own headings, and no earlier month's", () => {
    const problems: string[] = [];
    months.forEach(([p, , keywords], i) => {
      for (const k of keywords) {
        if (!k.test(headings(p))) problems.push(`${p} lacks a heading for ${k}`);
        for (const [earlier] of months.slice(0, i)) if (k.test(headings(earlier))) problems.push(`${earlier} already announces ${k}`);
      }
    });
    expect(problems).toEqual([]);
  });
});

describe('the courses', () => {
  it('course pages show the reading-progress bar', () => {
    const course = [...CHATBOT_COURSE, ...IVR_COURSE.slice(1)];
    expect(course.filter((p) => byPath.get(p)?.frontmatter.readingShow !== 'top')).toEqual([]);
  });

  it.each([
    ['chatbot', CHATBOT_COURSE],
    ['IVR', IVR_COURSE],
  ])('the %s course: each page links next to the following page and back to the previous one', (_name, order) => {
    const broken: string[] = [];
    order.forEach((p, i) => {
      const c = chunks.get(p);
      if (!c) return broken.push(`${p}: missing`);
      if (i + 1 < order.length && c.next?.path !== order[i + 1]) broken.push(`${p}: next is ${c.next?.path}, not ${order[i + 1]}`);
      if (i > 0 && c.prev?.path !== order[i - 1]) broken.push(`${p}: previous is ${c.prev?.path}, not ${order[i - 1]}`);
    });
    expect(broken).toEqual([]);
  });

  it('the jQuery lesson loads jQuery and holds the sandbox', () => {
    const p = '/training/chatbot/functional/jquery/';
    expect(byPath.get(p)!.frontmatter.jquery).toBe(true);
    expect(chunks.get(p)!.markdown).toContain('<jquery-sandbox>');
  });

  it('the homophones, voices and end-of-speech lessons each work through numbers in a table', () => {
    const lessons = ['homophones', 'voices', 'end-of-speech'].map((s) => `/training/ivr/functional/${s}/`);
    const without = lessons.filter((p) => {
      const numericCells = nodes(p, 'table').flatMap((t) => {
        const cells: MdNode[] = [];
        walk(t, (n) => {
          if (n.type === 'tableCell') cells.push(n);
        });
        return cells.filter((c) => /\d/.test(textOf(c)));
      });
      return numericCells.length < 3;
    });
    expect(without).toEqual([]);
  });

  it.each([
    ['/training/overview/', 'training-overview', ['IVR', 'Chatbot']],
    ['/training/ivr/overview/', 'ivr-overview', ['Accuracy', 'Functional', 'Load', 'Monitoring']],
    ['/training/chatbot/overview/', 'chatbot-overview', ['Functional', 'Load', 'Monitoring']],
  ])('%s uses the %s layout with its choices in order, each described and linked', (p, layout, titles) => {
    const fm = byPath.get(p)!.frontmatter;
    expect(fm.layout).toBe(layout);
    expect((fm.choices ?? []).map((c) => c.title)).toEqual(titles);
    const bad = (fm.choices ?? []).filter((c) => c.description.trim().split(/\s+/).length < 5 || !byPath.has(c.link)).map((c) => c.title);
    expect(bad).toEqual([]);
  });
});

describe('the text of every page', () => {
  it(`repeats no paragraph of ${DUPLICATE_MIN_WORDS} words or more on two pages`, () => {
    const seen = new Map<string, Set<string>>();
    for (const r of records) {
      for (const para of nodes(r.path, 'paragraph')) {
        const text = textOf(para).replace(/\s+/g, ' ').trim().toLowerCase();
        if (words(text).length < DUPLICATE_MIN_WORDS) continue;
        const pages = seen.get(text) ?? new Set<string>();
        pages.add(r.path);
        seen.set(text, pages);
      }
    }
    const duplicates = [...seen].filter(([, pages]) => pages.size > 1).map(([text, pages]) => `${[...pages].join(', ')}: "${text.slice(0, 90)}…"`);
    expect(duplicates).toEqual([]);
  });

  it('holds no placeholder text outside the to-do page', () => {
    const placeholder = /\blorem\b|\bTODO:|\bTBD\b|\bFIXME\b|coming soon/i;
    const found = records
      .filter((r) => r.path !== '/TODO.html')
      .filter((r) => placeholder.test(chunks.get(r.path)!.markdown) || placeholder.test(JSON.stringify(r.frontmatter)))
      .map((r) => `${r.path}: ${(chunks.get(r.path)!.markdown + JSON.stringify(r.frontmatter)).match(placeholder)![0]}`);
    expect(found).toEqual([]);
  });

  it('links only to RFC 2606 example domains', () => {
    const allowed = /(^|\.)(voxcheck\.example|example\.(com|org|net))$/i;
    const bad: string[] = [];
    for (const r of records) {
      // Template expressions such as ${{ github.event.number }} stand for a host label.
      const text = `${chunks.get(r.path)!.markdown}\n${JSON.stringify(r.frontmatter)}`.replace(/\$?\{\{[^}]*\}\}/g, 'x');
      const hosts = [
        ...[...text.matchAll(/\bhttps?:\/\/([A-Za-z0-9.-]+)/g)].map((m) => m[1]!),
        ...[...text.matchAll(/\bsips?:[^\s@"'`]*@([A-Za-z0-9.-]+)/g)].map((m) => m[1]!),
        ...[...text.matchAll(/\b[\w.+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g)].map((m) => m[1]!),
      ];
      for (const h of hosts) if (!allowed.test(h.replace(/\.$/, ''))) bad.push(`${r.path}: ${h}`);
    }
    expect([...new Set(bad)]).toEqual([]);
  });
});

describe('numbers come from the site variables', () => {
  // A number from the brief's Numbers table, written in the page's source prose (with its unit where
  // the bare number is too common), should have been {{ vars.name }}. Fenced code is literal and is
  // not scanned unless it is marked `vars` (then it can say {{ vars.name }}, so it must); inline code
  // is. The OpenAPI document is literal too, and checked against the values below.
  const rules = literalRules(vars);

  it('states no default or limit of the brief as a literal in prose', () => {
    const found: string[] = [];
    for (const r of records) {
      const blocks: MdNode[] = [];
      walk(sourceTree(r.path), (n) => {
        if (n.type === 'paragraph' || n.type === 'heading' || n.type === 'tableRow') blocks.push(n);
      });
      const texts = [
        ...blocks.map((b) => textOf(b).replace(/\s+/g, ' ')),
        ...(r.frontmatter.features ?? []).map((f) => f.details),
        r.frontmatter.description ?? '',
        r.frontmatter.tagline ?? '',
      ];
      for (const t of texts) found.push(...restatedVariables(t, rules).map((m) => `${r.path}: ${m}`));
    }
    expect(found).toEqual([]);
  });

  it('states no default or limit as a literal in a fenced block marked vars', () => {
    const lineRules = fenceLiteralRules(vars);
    const found: string[] = [];
    for (const r of records) {
      walk(sourceTree(r.path), (n) => {
        if (n.type !== 'code' || ![n.lang, ...(n.meta ?? '').split(/\s+/)].includes('vars')) return;
        // Line by line: a line of output or a key and its value is the context that names a literal's concept.
        for (const line of (n.value ?? '').split('\n')) found.push(...restatedVariables(line, lineRules).map((m) => `${r.path}: ${m}`));
      });
    }
    expect(found).toEqual([]);
  });

  it('the OpenAPI document states the same defaults and limits as the site variables', () => {
    const doc = parseYaml(readFileSync(path.join(CONTENT, 'public/openapi.yaml'), 'utf8')) as {
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }>; responses: Record<string, { description: string }> };
    };
    const s = doc.components.schemas.SuiteSettings!.properties;
    expect({
      fuzzyThreshold: [s.fuzzyThreshold!.default, s.fuzzyThreshold!.minimum, s.fuzzyThreshold!.maximum],
      listeningTimeout: [s.listeningTimeout!.default, s.listeningTimeout!.minimum, s.listeningTimeout!.maximum],
      endOfSpeechTimeout: [s.endOfSpeechTimeout!.default, s.endOfSpeechTimeout!.minimum, s.endOfSpeechTimeout!.maximum],
    }).toEqual({
      fuzzyThreshold: [vars.fuzzyThreshold, vars.fuzzyThresholdMin, vars.fuzzyThresholdMax].map(Number),
      listeningTimeout: [vars.listeningTimeout, vars.listeningTimeoutMin, vars.listeningTimeoutMax].map(Number),
      endOfSpeechTimeout: [vars.endOfSpeechTimeout, vars.endOfSpeechTimeoutMin, vars.endOfSpeechTimeoutMax].map(Number),
    });
    expect(doc.components.responses.NotFound!.description).toContain(`${vars.runHistoryDays} days`);
    expect(doc.components.responses.RateLimited!.description).toContain(`${vars.apiRequestsPerMinute} requests`);
    const token = doc.components.schemas.TestSuiteInput!.properties.deviceToken!.pattern as string;
    expect(token).toBe(`^${vars.tokenPrefix}[A-Za-z0-9]{${vars.tokenLength}}$`);
  });

  it('test scripts in code blocks keep the fuzzy threshold and the timeouts within their ranges', () => {
    // Literal values in code are allowed, but a fuzzyThreshold or timeout outside the range is a defect.
    const ranges: Array<[string, number, number]> = [
      ['fuzzyThreshold', Number(vars.fuzzyThresholdMin), Number(vars.fuzzyThresholdMax)],
      ['listeningTimeout', Number(vars.listeningTimeoutMin), Number(vars.listeningTimeoutMax)],
      ['endOfSpeechTimeout', Number(vars.endOfSpeechTimeoutMin), Number(vars.endOfSpeechTimeoutMax)],
    ];
    const out: string[] = [];
    for (const r of records) {
      for (const code of nodes(r.path, 'code')) {
        for (const [key, min, max] of ranges) {
          for (const m of (code.value ?? '').matchAll(new RegExp(`\\b${key}:\\s*([0-9.]+)`, 'g'))) {
            const n = Number(m[1]);
            if (!(n >= min && n <= max)) out.push(`${r.path}: ${key}: ${m[1]}`);
          }
        }
      }
    }
    expect(out).toEqual([]);
  });
});
