/**
 * The part of the stylesheet a page document's first paint needs, inlined
 * into that document; the whole stylesheet is one hashed file, loaded
 * without holding the paint and cached across pages.
 *
 * A rule is kept when every class and element name its selector requires
 * occurs in the page's HTML (for an :is() or :where(), those of one of its
 * selectors; nothing inside :not() or :has()): an over-approximation that
 * ignores how the elements nest, so nothing the page shows is left
 * unstyled. The `dark`, font-fallback and sidebar-later classes count as present (the boot script may add
 * them before the paint), and so do html, head and body. At-rules that are not
 * style rules (@font-face, @property, @keyframes) are kept whole.
 */
import postcss, { type AtRule, type ChildNode, type Root, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { FALLBACK_FONT_CLASS } from '../src/shared/fonts.ts';
import { SIDEBAR_LATER_CLASS } from '../src/shared/sidebar.ts';

/**
 * What a selector needs to be able to match: class names and element names,
 * and for each :is()/:where() in it, one of its alternatives.
 */
interface Needs {
  classes: string[];
  tags: string[];
  oneOf: Needs[][];
}

const ALWAYS_CLASSES = new Set(['dark', FALLBACK_FONT_CLASS, SIDEBAR_LATER_CLASS]);
const ALWAYS_TAGS = new Set(['html', 'head', 'body', '*']);

/** Pseudo-classes that match when one of their selectors does (their needs are alternatives). */
const ANY_OF = new Set([':is', ':where', ':matches', ':-webkit-any']);

type SelectorNode = selectorParser.Node;

/** The needs of one compound selector list item (a selector), read from its nodes. */
function needsOfSelector(sel: selectorParser.Selector): Needs {
  const needs: Needs = { classes: [], tags: [], oneOf: [] };
  sel.each((n: SelectorNode) => {
    if (n.type === 'class') needs.classes.push(n.value);
    else if (n.type === 'tag') needs.tags.push(n.value.toLowerCase());
    // [class~=x] is .x (the typography plugin writes its classes so).
    else if (n.type === 'attribute' && n.attribute === 'class' && n.operator === '~=' && n.value) needs.classes.push(n.value);
    else if (n.type === 'pseudo' && ANY_OF.has(n.value.toLowerCase()) && n.nodes.length > 0) needs.oneOf.push(n.nodes.map(needsOfSelector));
    // Inside :not(), :has() and the like nothing is required: a rule too many is kept, never one too few.
  });
  return needs;
}

/** The needs of each selector of a rule's list (the rule applies when any selector can match). */
function needsOf(selector: string): Needs[] {
  const out: Needs[] = [];
  try {
    selectorParser((root) => {
      for (const sel of root.nodes) out.push(needsOfSelector(sel));
    }).processSync(selector);
  } catch {
    // A selector this parser cannot read is kept: better a rule too many than a page unstyled.
    out.push({ classes: [], tags: [], oneOf: [] });
  }
  return out;
}

/** Whether a page with these classes and elements can match a selector of these needs. */
function canMatch(n: Needs, classes: Set<string>, tags: Set<string>): boolean {
  return (
    n.classes.every((c) => classes.has(c) || ALWAYS_CLASSES.has(c)) &&
    n.tags.every((t) => tags.has(t) || ALWAYS_TAGS.has(t)) &&
    n.oneOf.every((alternatives) => alternatives.some((a) => canMatch(a, classes, tags)))
  );
}

/** The stylesheet, parsed once, with each style rule's needs worked out. */
export interface CriticalCss {
  /** The critical CSS of a page whose HTML is `html`. */
  forPage(html: string): string;
}

/** The classes and element names an HTML text uses. */
export function tokensOf(html: string): { classes: Set<string>; tags: Set<string> } {
  const classes = new Set<string>();
  const tags = new Set<string>();
  for (const m of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)) tags.add(m[1]!.toLowerCase());
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) classes.add(c.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  return { classes, tags };
}

/** Prepares `css` (minified or not) for per-page extraction. */
export function criticalCss(css: string): CriticalCss {
  const root: Root = postcss.parse(css);
  const needs = new WeakMap<Rule, Needs[]>();
  root.walkRules((rule) => {
    // Keyframe steps are not selectors.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    needs.set(rule, needsOf(rule.selector));
  });

  const applies = (rule: Rule, classes: Set<string>, tags: Set<string>) => {
    const list = needs.get(rule);
    if (!list) return true;
    return list.some((n) => canMatch(n, classes, tags));
  };

  /** A copy of `nodes` with the rules that cannot apply left out, and at-rules left empty dropped. */
  const prune = (nodes: ChildNode[], classes: Set<string>, tags: Set<string>): string => {
    let out = '';
    for (const n of nodes) {
      if (n.type === 'rule') {
        if (!applies(n, classes, tags)) continue;
        // A nested rule (`&:hover` in a rule) is kept with its parent as it is.
        out += n.toString();
      } else if (n.type === 'atrule') {
        if (!n.nodes) {
          out += `${n.toString()};`;
          continue;
        }
        if (/^(font-face|property|keyframes|-webkit-keyframes|counter-style|page)$/i.test(n.name)) {
          out += n.toString();
          continue;
        }
        const inner = prune(n.nodes, classes, tags);
        if (inner) out += `@${n.name}${n.params ? ` ${n.params}` : ''}{${inner}}`;
      } else if (n.type === 'decl') {
        out += `${n.toString()};`;
      }
    }
    return out;
  };

  return {
    forPage(html: string): string {
      const { classes, tags } = tokensOf(html);
      return prune(root.nodes, classes, tags);
    },
  };
}

/** `css` without its @font-face rules (for a stylesheet loaded after a document that declared them). */
export function withoutFontFaces(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules(/^font-face$/i, (rule) => {
    rule.remove();
  });
  return root.toString();
}
