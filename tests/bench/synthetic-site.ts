/**
 * Synthetic sites for the scale figures: N pages of realistic size and shape
 * (400-1,500 words, 4-10 h2/h3 headings, a code block, an image, links to
 * other pages that exist), the real site config with a sidebar of ~50 pages,
 * the real variables and public files. Deterministic for a given seed.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { commonWord, prng, rareTerms } from './vocabulary.ts';

/** Pages per section folder. */
const PER_SECTION = 100;
/** Sidebar: this many sections, this many pages each (about 50 entries, like the real sidebar). */
const SIDEBAR_SECTIONS = 5;
const SIDEBAR_PAGES = 10;
const IMAGES = 6;

interface Heading { level: 2 | 3; text: string; slug: string }
interface Planned { path: string; file: string; title: string; section: number; headings: Heading[]; words: number }

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** A deterministic SVG with width and height (the compiler reads them), a few KB like a real diagram. */
function diagram(k: number): string {
  const boxes = Array.from({ length: 8 }, (_, i) => `<rect x="${20 + i * 70}" y="${40 + (i % 3) * 60}" width="60" height="40" rx="6" fill="#ccfbf1" stroke="#0f766e"/><text x="${50 + i * 70}" y="${65 + (i % 3) * 60}" font-size="11" text-anchor="middle">Step ${i + 1}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240" viewBox="0 0 600 240"><title>Synthetic diagram ${k}</title>${boxes}</svg>\n`;
}

/** Writes a site of `pages` pages (home and section pages included) into `outDir`, using `sourceDir`'s config, variables and public files. */
export function generateSite(o: { sourceDir: string; outDir: string; pages: number; seed?: number }): { pages: number; contentDir: string } {
  const rand = prng((o.seed ?? 1) * 1_000_003 + o.pages);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pickOf = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const rare = rareTerms(Math.max(2000, o.pages * 5), o.seed ?? 1);
  const rareWord = () => pickOf(rare);
  const word = () => (rand() < 0.04 ? rareWord() : commonWord(rand));
  const words = (n: number) => Array.from({ length: n }, word).join(' ');

  const dir = path.join(o.outDir, 'content');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, '_config'), { recursive: true });
  const srcConfig = path.join(o.sourceDir, '_config');
  if (existsSync(path.join(srcConfig, 'variables.yml'))) cpSync(path.join(srcConfig, 'variables.yml'), path.join(dir, '_config', 'variables.yml'));
  if (existsSync(path.join(o.sourceDir, 'public'))) cpSync(path.join(o.sourceDir, 'public'), path.join(dir, 'public'), { recursive: true });
  mkdirSync(path.join(dir, 'public/images/synthetic'), { recursive: true });
  for (let k = 0; k < IMAGES; k++) writeFileSync(path.join(dir, `public/images/synthetic/diagram-${k}.svg`), diagram(k));
  const vars = existsSync(path.join(srcConfig, 'variables.yml'))
    ? Object.keys((parse(readFileSync(path.join(srcConfig, 'variables.yml'), 'utf8')) as Record<string, unknown>) ?? {}).slice(0, 4)
    : [];

  // Plan every page first, so links and anchors can point at pages and headings that exist.
  const sections = Math.max(SIDEBAR_SECTIONS, Math.ceil((o.pages - 1) / PER_SECTION));
  const sectionSlugs = Array.from({ length: sections }, (_, s) => `${commonWord(rand)}-${rareWord()}-${s}`);
  const planned: Planned[] = [];
  for (let i = 0; i < o.pages - 1; i++) {
    const section = i % sections;
    const first = i < sections;
    const title = first ? cap(`${sectionSlugs[section]!.split('-').slice(0, 2).join(' ')} overview`) : cap(`${words(int(2, 5))} ${rareWord()}`);
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const html = !first && rand() < 0.1;
    const rel = first ? `${sectionSlugs[section]}/index.md` : html ? `${sectionSlugs[section]}/${slug}-${i.toString(36)}.md` : `${sectionSlugs[section]}/${slug}-${i.toString(36)}/index.md`;
    const url = first ? `/${sectionSlugs[section]}/` : html ? `/${rel.replace(/\.md$/, '.html')}` : `/${rel.replace(/index\.md$/, '')}`;
    const headings: Heading[] = [];
    const used = new Set<string>();
    for (let h = 0, n = int(4, 10); h < n; h++) {
      let text = cap(words(int(2, 5)));
      while (used.has(text.toLowerCase().replace(/ /g, '-'))) text += ` ${rareWord()}`;
      const s = text.toLowerCase().replace(/ /g, '-');
      used.add(s);
      headings.push({ level: h > 0 && rand() < 0.3 ? 3 : 2, text, slug: s });
    }
    planned.push({ path: url, file: rel, title, section, headings, words: int(400, 1500) });
  }
  const bySection = Array.from({ length: sections }, (_, s) => planned.filter((p) => p.section === s));

  const sentence = (links: string[]): string => {
    let parts = words(int(8, 20)).split(' ');
    if (rand() < 0.15) parts[int(0, parts.length - 1)] = `\`${rareWord()}_${commonWord(rand)}\``;
    if (rand() < 0.05 && vars.length) parts[int(0, parts.length - 1)] = `{{ vars.${pickOf(vars)} }}`;
    if (links.length && rand() < 0.25) parts = [...parts, links.shift()!];
    return `${cap(parts.join(' '))}.`;
  };
  const link = (p: Planned, anchor = false) => {
    const h = anchor ? p.headings[0] : undefined;
    return `[${p.title.toLowerCase()}](${p.path}${h ? `#${h.slug}` : ''})`;
  };

  planned.forEach((p, i) => {
    const mates = bySection[p.section]!;
    const at = mates.indexOf(p);
    const links = [
      ...(at > 0 ? [link(mates[at - 1]!)] : []),
      ...(at + 1 < mates.length ? [link(mates[at + 1]!)] : []),
      link(mates[0]!),
      link(pickOf(planned)),
      link(pickOf(planned), true),
      link(pickOf(planned)),
    ];
    const perHeading = Math.round(p.words / (p.headings.length + 1));
    const para = (n: number) => {
      const out: string[] = [];
      let count = 0;
      while (count < n) {
        const s = sentence(links);
        out.push(s);
        count += s.split(' ').length;
      }
      return out.join(' ');
    };
    const blocks: string[] = [para(Math.min(80, perHeading))];
    const codeAt = int(0, p.headings.length - 1);
    const imageAt = int(0, p.headings.length - 1);
    p.headings.forEach((h, k) => {
      blocks.push(`${'#'.repeat(h.level)} ${h.text}`);
      let left = perHeading;
      while (left > 0) {
        const n = Math.min(left, int(40, 90));
        blocks.push(rand() < 0.15 ? Array.from({ length: int(3, 6) }, () => `- ${sentence([])}`).join('\n') : para(n));
        left -= n;
      }
      if (k === codeAt) blocks.push(['```yaml', 'configuration:', `  platform: ${commonWord(rand)}`, `  locale: en-US`, `  fuzzyThreshold: 0.8`, 'tests:', ...Array.from({ length: int(2, 6) }, () => `  - input: ${words(int(2, 6))}\n    expected: ${words(int(3, 8))}`), '```'].join('\n'));
      if (k === imageAt) blocks.push(`![Diagram of ${words(int(3, 6))}](/images/synthetic/diagram-${int(0, IMAGES - 1)}.svg)`);
      if (rand() < 0.12) blocks.push(`::: tip ${cap(words(int(1, 3)))}\n${para(int(15, 35))}\n:::`);
    });
    if (links.length) blocks.push(`See also: ${links.join(', ')}.`);
    if (at === 0) blocks.push(mates.slice(1).map((m) => `- ${link(m)}`).join('\n'));
    const fm = { title: p.title, description: sentence([]), ...(i % 7 === 0 ? { sidebarDepth: 2 } : {}) };
    mkdirSync(path.dirname(path.join(dir, p.file)), { recursive: true });
    writeFileSync(path.join(dir, p.file), `---\n${stringify(fm)}---\n\n${blocks.join('\n\n')}\n`);
  });

  const sectionIndexes = bySection.map((m) => m[0]!);
  const home = {
    home: true,
    title: 'Home',
    heroText: 'Synthetic documentation',
    tagline: `${o.pages} generated pages`,
    actionText: 'Get started',
    actionLink: sectionIndexes[0]!.path,
    description: 'A generated site for the performance bench.',
    features: sectionIndexes.slice(0, 3).map((s) => ({ title: s.title, details: sentence([]), link: s.path })),
    footer: 'Generated by tests/bench/synthetic-site.ts',
  };
  writeFileSync(path.join(dir, 'index.md'), `---\n${stringify(home)}---\n\n${sentence([])}\n\n${sectionIndexes.map((s) => `- ${link(s)}`).join('\n')}\n`);

  const config = existsSync(path.join(srcConfig, 'site.yml')) ? ((parse(readFileSync(path.join(srcConfig, 'site.yml'), 'utf8')) as Record<string, unknown>) ?? {}) : {};
  config.nav = [{ text: 'Home', link: '/' }, ...sectionIndexes.slice(0, 3).map((s) => ({ text: s.title, link: s.path }))];
  config.sidebar = bySection.slice(0, SIDEBAR_SECTIONS).map((m) => ({ title: m[0]!.title, children: m.slice(0, SIDEBAR_PAGES).map((p) => p.path) }));
  writeFileSync(path.join(dir, '_config', 'site.yml'), stringify(config));
  return { pages: planned.length + 1, contentDir: dir };
}
