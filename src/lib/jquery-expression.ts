/**
 * A small, safe interpreter for the jQuery expressions that webchat test
 * scripts pass to `$JQUERY`.
 *
 * It understands one form only:
 *
 *   $(selector) | jQuery(selector)
 *     [.first() | .last() | .eq(n) | .find(sel) | .closest(sel) | .parent() | .filter(sel)]*
 *     [.click() | .text() | .text(s) | .val() | .val(s) | .attr(name) | .trigger(event) | .focus() | .length]
 *
 * where every argument is a string literal in single or double quotes (or an
 * integer for `.eq()`). Anything else is rejected with a message that names the
 * problem. jQuery's `:contains(text)` is emulated at the end of a selector;
 * other jQuery-only pseudo-classes are rejected. Expressions are executed
 * with `querySelectorAll` and `matches` against a root node: no eval, no
 * Function constructor, no jQuery.
 *
 * The module touches no DOM global at import time, so it can be imported in
 * Node; only `runJqueryExpression` needs a DOM.
 */

/** A traversal step: narrows or moves the current set of elements. */
export type TraversalStep =
  | { kind: 'first' }
  | { kind: 'last' }
  | { kind: 'eq'; index: number }
  | { kind: 'find'; selector: string }
  | { kind: 'closest'; selector: string }
  | { kind: 'parent' }
  | { kind: 'filter'; selector: string };

/** The final action: what the expression does with, or reads from, the elements. */
export type ExpressionAction =
  | { kind: 'click' }
  | { kind: 'text'; value: string | null }
  | { kind: 'val'; value: string | null }
  | { kind: 'attr'; name: string }
  | { kind: 'trigger'; event: string }
  | { kind: 'focus' }
  | { kind: 'length' };

export interface ParsedExpression {
  /** The input, trimmed. */
  source: string;
  /** How the expression was called: `$` or `jQuery`. */
  callee: '$' | 'jQuery';
  /** The selector passed to `$()`, with string escapes resolved. */
  selector: string;
  /** Traversal steps in the order written. */
  steps: TraversalStep[];
  /** The final action, or null when the expression only selects elements. */
  action: ExpressionAction | null;
}

export type ParseResult = { ok: true; expr: ParsedExpression } | { ok: false; error: string };

export interface RunResult {
  /** The elements the expression ended on, in document order. */
  matched: Element[];
  /** What the expression evaluates to, as text (a read value, a count, or a summary). */
  result: string;
  /** Side effects performed, one line each (clicks, values set, focus moves). */
  effects: string[];
}

/** Method names accepted by the parser, in the order they are documented. */
export const SUPPORTED_METHODS: readonly string[] = [
  'first()',
  'last()',
  'eq(n)',
  'find(selector)',
  'closest(selector)',
  'parent()',
  'filter(selector)',
  'click()',
  'text()',
  "text('value')",
  'val()',
  "val('value')",
  "attr('name')",
  "trigger('event')",
  'focus()',
  'length',
];

const TRAVERSAL_METHODS = new Set(['first', 'last', 'eq', 'find', 'closest', 'parent', 'filter']);
const ACTION_METHODS = new Set(['click', 'text', 'val', 'attr', 'trigger', 'focus']);

/** Pseudo-classes that only jQuery (Sizzle) understands; `querySelectorAll` rejects them. */
const JQUERY_ONLY_PSEUDOS = new Set([
  'visible',
  'hidden',
  'first',
  'last',
  'eq',
  'gt',
  'lt',
  'even',
  'odd',
  'input',
  'button',
  'header',
  'animated',
  'selected',
  'has-text',
  'parent',
  'text',
  'submit',
  'reset',
  'image',
  'file',
  'password',
  'radio',
  'checkbox',
]);

const MAX_INPUT_LENGTH = 2000;

class ParseError extends Error {}

/** A tiny cursor over the input string. */
class Cursor {
  pos = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  skipSpace(): void {
    while (!this.done && /\s/.test(this.peek())) this.pos += 1;
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  /** Consumes `s` (after optional whitespace) or fails with `message`. */
  expect(s: string, message: string): void {
    this.skipSpace();
    if (!this.startsWith(s)) throw new ParseError(message);
    this.pos += s.length;
  }

  /** The rest of the input from the cursor, shortened for error messages. */
  rest(): string {
    const r = this.text.slice(this.pos).trim();
    return r.length > 30 ? `${r.slice(0, 30)}…` : r;
  }
}

function readIdentifier(c: Cursor): string {
  const m = /^[A-Za-z_$][\w$]*/.exec(c.text.slice(c.pos));
  if (!m) return '';
  c.pos += m[0].length;
  return m[0];
}

/**
 * Reads a single- or double-quoted string literal at the cursor, resolving
 * JavaScript escapes. `what` names the value in error messages.
 */
function readStringLiteral(c: Cursor, what: string): string {
  c.skipSpace();
  const quote = c.peek();
  if (quote === '`') {
    throw new ParseError(
      `Template literals are not supported: write the ${what} in single or double quotes.`,
    );
  }
  if (quote !== "'" && quote !== '"') {
    throw new ParseError(`Expected a quoted ${what}, found ${describeToken(c)}.`);
  }
  c.pos += 1;
  let out = '';
  for (;;) {
    if (c.done) throw new ParseError(`Unterminated string: the ${what} is missing its closing ${quote}.`);
    const ch = c.peek();
    if (ch === quote) {
      c.pos += 1;
      return out;
    }
    if (ch === '\n' || ch === '\r') {
      throw new ParseError(`Unterminated string: the ${what} is missing its closing ${quote}.`);
    }
    if (ch === '\\') {
      const next = c.peek(1);
      if (next === '') throw new ParseError(`Unterminated string: the ${what} ends with a backslash.`);
      c.pos += 2;
      switch (next) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case '0':
          out += '\0';
          break;
        case 'u': {
          const hex = /^[0-9a-fA-F]{4}/.exec(c.text.slice(c.pos));
          if (!hex) throw new ParseError(`Invalid \\u escape in the ${what}: expected four hex digits.`);
          out += String.fromCharCode(parseInt(hex[0], 16));
          c.pos += 4;
          break;
        }
        case 'x': {
          const hex = /^[0-9a-fA-F]{2}/.exec(c.text.slice(c.pos));
          if (!hex) throw new ParseError(`Invalid \\x escape in the ${what}: expected two hex digits.`);
          out += String.fromCharCode(parseInt(hex[0], 16));
          c.pos += 2;
          break;
        }
        default:
          // \' \" \\ and any other escaped character stand for themselves, as in JavaScript.
          out += next;
      }
      continue;
    }
    out += ch;
    c.pos += 1;
  }
}

function readInteger(c: Cursor, what: string): number {
  c.skipSpace();
  const m = /^-?\d+/.exec(c.text.slice(c.pos));
  if (!m) throw new ParseError(`Expected a whole number for ${what}, found ${describeToken(c)}.`);
  c.pos += m[0].length;
  const n = Number(m[0]);
  if (!Number.isSafeInteger(n)) throw new ParseError(`The number ${m[0]} is too large for ${what}.`);
  return n;
}

function describeToken(c: Cursor): string {
  c.skipSpace();
  if (c.done) return 'the end of the expression';
  const m = /^([A-Za-z_$][\w$.]*|\S)/.exec(c.text.slice(c.pos));
  return `"${m ? m[0] : c.peek()}"`;
}

/** A selector split into the CSS part and an optional trailing jQuery `:contains(text)` filter. */
interface SplitSelector {
  css: string;
  contains: string | null;
}

/**
 * Splits off a trailing `:contains(text)`, the one jQuery extension the
 * sandbox emulates because test scripts use it so often. Other positions,
 * and selector lists combined with it, are rejected.
 */
function splitContains(selector: string): SplitSelector {
  let i = 0;
  let depth = 0;
  let comma = false;
  while (i < selector.length) {
    const ch = selector.charAt(i);
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const end = selector.indexOf(ch, i + 1);
      i = end === -1 ? selector.length : end + 1;
      continue;
    }
    if (ch === '[' || ch === '(') depth += 1;
    else if (ch === ']' || ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) comma = true;
    else if (depth === 0 && selector.startsWith(':contains(', i)) {
      const argStart = i + ':contains('.length;
      const close = findClosingParen(selector, argStart);
      if (close === -1) throw new ParseError('The :contains( in the selector is missing its closing ")".');
      if (selector.slice(close + 1).trim() !== '') {
        throw new ParseError(
          'The sandbox supports :contains() only at the end of a selector, e.g. button.quick-reply:contains("Pickup").',
        );
      }
      if (comma || selector.slice(close + 1).includes(',')) {
        throw new ParseError('The sandbox does not combine :contains() with a selector list (a, b).');
      }
      let text = selector.slice(argStart, close).trim();
      const q = text.charAt(0);
      if ((q === '"' || q === "'") && text.length >= 2 && text.endsWith(q)) text = text.slice(1, -1);
      let css = selector.slice(0, i);
      if (css.trim() === '' || /[\s>+~]$/.test(css)) css += '*';
      return { css, contains: text };
    }
    i += 1;
  }
  return { css: selector, contains: null };
}

function findClosingParen(s: string, from: number): number {
  let depth = 0;
  for (let i = from; i < s.length; i += 1) {
    const ch = s.charAt(i);
    if (ch === '"' || ch === "'") {
      const end = s.indexOf(ch, i + 1);
      if (end === -1) return -1;
      i = end;
    } else if (ch === '(') depth += 1;
    else if (ch === ')') {
      if (depth === 0) return i;
      depth -= 1;
    }
  }
  return -1;
}

/**
 * Rejects selectors that `querySelectorAll` cannot run: empty ones and those
 * using jQuery-only pseudo-classes such as `:visible` or `:first` (a trailing
 * `:contains()` is emulated). Quoted strings and attribute brackets are
 * skipped, so `[title=":first"]` is fine.
 */
function checkSelector(selector: string, what: string): void {
  if (selector.trim() === '') throw new ParseError(`The ${what} is empty.`);
  const { css } = splitContains(selector);
  let i = 0;
  let bracket = 0;
  while (i < css.length) {
    const ch = css.charAt(i);
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const end = css.indexOf(ch, i + 1);
      i = end === -1 ? css.length : end + 1;
      continue;
    }
    if (ch === '[') bracket += 1;
    else if (ch === ']') bracket = Math.max(0, bracket - 1);
    else if (ch === ':' && bracket === 0 && css.charAt(i + 1) !== ':') {
      const m = /^[A-Za-z-]+/.exec(css.slice(i + 1));
      const name = m ? m[0].toLowerCase() : '';
      if (JQUERY_ONLY_PSEUDOS.has(name)) {
        const hint = name === 'first' || name === 'last' || name === 'eq' ? ` Use the .${name}() method instead.` : '';
        throw new ParseError(
          `The selector uses :${name}, which only jQuery understands; the sandbox runs standard CSS selectors.${hint}`,
        );
      }
    }
    i += 1;
  }
}

/** Reads `(` args `)` for a method, per its signature. */
function readArguments(c: Cursor, name: string): TraversalStep | ExpressionAction {
  c.expect('(', `Expected "(" after .${name}.`);
  c.skipSpace();
  const empty = c.peek() === ')';
  const close = (): void => {
    c.skipSpace();
    if (c.peek() === ',') throw new ParseError(`.${name}() takes at most one argument.`);
    c.expect(')', `Expected ")" to close .${name}(), found ${describeToken(c)}.`);
  };
  const noArgs = (): void => {
    if (!empty) throw new ParseError(`.${name}() takes no arguments.`);
    c.pos += 1;
  };
  const selectorArg = (): string => {
    if (empty) throw new ParseError(`.${name}() needs a selector, e.g. .${name}('button').`);
    const s = readStringLiteral(c, `selector for .${name}()`);
    checkSelector(s, `selector for .${name}()`);
    close();
    return s;
  };
  const optionalString = (what: string): string | null => {
    if (empty) {
      c.pos += 1;
      return null;
    }
    const s = readStringLiteral(c, what);
    close();
    return s;
  };

  switch (name) {
    case 'first':
    case 'last':
    case 'parent':
    case 'click':
    case 'focus':
      noArgs();
      return { kind: name };
    case 'eq': {
      if (empty) throw new ParseError('.eq() needs an index, e.g. .eq(0).');
      const index = readInteger(c, '.eq()');
      close();
      return { kind: 'eq', index };
    }
    case 'find':
    case 'closest':
    case 'filter':
      return { kind: name, selector: selectorArg() };
    case 'text':
      return { kind: 'text', value: optionalString('text for .text()') };
    case 'val':
      return { kind: 'val', value: optionalString('value for .val()') };
    case 'attr': {
      if (empty) throw new ParseError(".attr() needs an attribute name, e.g. .attr('title').");
      const attr = readStringLiteral(c, 'attribute name for .attr()');
      c.skipSpace();
      if (c.peek() === ',') {
        throw new ParseError('.attr() can only read an attribute here: pass the attribute name alone.');
      }
      close();
      if (!/^[A-Za-z_:][\w:.-]*$/.test(attr)) throw new ParseError(`"${attr}" is not a valid attribute name.`);
      return { kind: 'attr', name: attr };
    }
    case 'trigger': {
      if (empty) throw new ParseError(".trigger() needs an event name, e.g. .trigger('click').");
      const event = readStringLiteral(c, 'event name for .trigger()');
      close();
      if (!/^[A-Za-z][\w-]*$/.test(event)) throw new ParseError(`"${event}" is not a valid event name.`);
      return { kind: 'trigger', event };
    }
    default:
      throw new ParseError(`Unsupported method .${name}().`);
  }
}

function parse(input: string): ParsedExpression {
  if (input.length > MAX_INPUT_LENGTH) {
    throw new ParseError(`The expression is too long (over ${MAX_INPUT_LENGTH} characters).`);
  }
  const source = input.trim();
  if (source === '') throw new ParseError('Type an expression, e.g. $(\'button[title="Pickup"]\').click()');
  const c = new Cursor(source);

  let callee: '$' | 'jQuery';
  if (c.startsWith('jQuery')) {
    callee = 'jQuery';
    c.pos += 'jQuery'.length;
  } else if (c.startsWith('$')) {
    callee = '$';
    c.pos += 1;
  } else {
    throw new ParseError(`Unsupported expression: it must start with $( or jQuery(, found ${describeToken(c)}.`);
  }
  c.expect('(', `Expected "(" after ${callee}.`);
  c.skipSpace();
  if (c.peek() === ')') throw new ParseError('Expected a quoted selector inside $( ).');
  const selector = readStringLiteral(c, 'selector');
  checkSelector(selector, 'selector');
  c.skipSpace();
  if (c.peek() === ',') {
    throw new ParseError('Pass the selector alone: a context argument, as in $(selector, context), is not supported.');
  }
  c.expect(')', `Expected ")" after the selector, found ${describeToken(c)}.`);

  const steps: TraversalStep[] = [];
  let action: ExpressionAction | null = null;

  for (;;) {
    c.skipSpace();
    if (c.done) break;
    if (c.peek() === ';') {
      c.pos += 1;
      c.skipSpace();
      if (!c.done) {
        throw new ParseError(`Only one expression is allowed: remove "${c.rest()}" after the semicolon.`);
      }
      break;
    }
    if (c.peek() !== '.') {
      throw new ParseError(`Unexpected "${c.rest()}": expected a method call such as .click() or the end of the expression.`);
    }
    if (action) {
      const last = action.kind === 'length' ? '.length' : `.${action.kind}()`;
      throw new ParseError(`${last} must be the last part of the expression.`);
    }
    c.pos += 1;
    c.skipSpace();
    const name = readIdentifier(c);
    if (!name) throw new ParseError(`Expected a method name after ".", found ${describeToken(c)}.`);
    c.skipSpace();

    if (name === 'length') {
      if (c.peek() === '(') throw new ParseError('length is a property: write .length without parentheses.');
      action = { kind: 'length' };
      continue;
    }
    if (!TRAVERSAL_METHODS.has(name) && !ACTION_METHODS.has(name)) {
      throw new ParseError(`Unsupported method .${name}(). Supported: ${SUPPORTED_METHODS.map((m) => `.${m}`).join(', ')}.`);
    }
    if (c.peek() !== '(') throw new ParseError(`Expected "(" after .${name}: methods are called with parentheses.`);
    const part = readArguments(c, name);
    if (TRAVERSAL_METHODS.has(name)) steps.push(part as TraversalStep);
    else action = part as ExpressionAction;
  }

  return { source, callee, selector, steps, action };
}

/**
 * Parses one jQuery expression. Never throws: problems come back as
 * `{ ok: false, error }` with a message meant for the person who typed it.
 */
export function parseJqueryExpression(input: string): ParseResult {
  try {
    return { ok: true, expr: parse(input) };
  } catch (err) {
    if (err instanceof ParseError) return { ok: false, error: err.message };
    throw err;
  }
}

// ---------------------------------------------------------------------------
// Running

/** Node.compareDocumentPosition's DOCUMENT_POSITION_FOLLOWING, without touching the Node global. */
const DOCUMENT_POSITION_FOLLOWING = 4;

function uniqueInDocumentOrder(elements: Element[]): Element[] {
  const unique = Array.from(new Set(elements));
  return unique.sort((a, b) => {
    if (a === b) return 0;
    return a.compareDocumentPosition(b) & DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/** All elements under `scope` that match `selector` (with its optional trailing :contains()). */
function selectAll(scope: ParentNode, selector: string): Element[] {
  const { css, contains } = compile(selector);
  const found = withSelector(selector, () => Array.from(scope.querySelectorAll(css)));
  return contains === null ? found : found.filter((el) => (el.textContent ?? '').includes(contains));
}

function matchesSelector(el: Element, selector: string): boolean {
  const { css, contains } = compile(selector);
  if (!withSelector(selector, () => el.matches(css))) return false;
  return contains === null || (el.textContent ?? '').includes(contains);
}

function closestMatch(el: Element, selector: string): Element | null {
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    if (matchesSelector(cur, selector)) return cur;
  }
  return null;
}

function compile(selector: string): SplitSelector {
  try {
    return splitContains(selector);
  } catch (err) {
    throw new Error(err instanceof Error ? err.message : String(err));
  }
}

/** Runs `fn`, turning the DOMException that a bad selector raises into a readable error. */
function withSelector<T>(selector: string, fn: () => T): T {
  try {
    return fn();
  } catch {
    throw new Error(`"${selector}" is not a valid CSS selector.`);
  }
}

/** True when `el` lies inside `root` (or is `root`), so traversal never leaves the sandboxed area. */
function inside(root: ParentNode, el: Element): boolean {
  const r = root as unknown as { contains?: (other: Element) => boolean };
  return typeof r.contains === 'function' ? r.contains(el) : true;
}

/**
 * A short label for an element, in the form `tag#id.class[title="…"]`.
 * `showClass` can hide classes (for instance pure styling utilities).
 */
export function describeElement(el: Element, showClass: (name: string) => boolean = () => true): string {
  let out = el.tagName.toLowerCase();
  if (el.id) out += `#${el.id}`;
  for (const cls of Array.from(el.classList)) {
    if (showClass(cls)) out += `.${cls}`;
  }
  const title = el.getAttribute('title');
  if (title !== null) out += `[title="${title}"]`;
  return out;
}

function hasValue(el: Element): el is Element & { value: string } {
  return typeof (el as unknown as { value?: unknown }).value === 'string';
}

function quote(s: string): string {
  return JSON.stringify(s);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Executes a parsed expression against `root`, the way jQuery would on a page
 * whose document is `root`: the selector is looked up with
 * `root.querySelectorAll`, traversal stays inside `root`, and actions touch the
 * real elements (`.click()` dispatches a real click event on each match).
 *
 * Throws an Error with a readable message when a selector is not valid CSS.
 */
export function runJqueryExpression(
  expr: ParsedExpression,
  root: ParentNode,
  describe: (el: Element) => string = (el) => describeElement(el),
): RunResult {
  let set = selectAll(root, expr.selector);

  for (const step of expr.steps) {
    switch (step.kind) {
      case 'first':
        set = set.slice(0, 1);
        break;
      case 'last':
        set = set.slice(-1);
        break;
      case 'eq': {
        const i = step.index < 0 ? set.length + step.index : step.index;
        const el = set[i];
        set = el ? [el] : [];
        break;
      }
      case 'find':
        set = uniqueInDocumentOrder(
          set.flatMap((el) => selectAll(el, step.selector)),
        );
        break;
      case 'closest':
        set = uniqueInDocumentOrder(
          set
            .map((el) => closestMatch(el, step.selector))
            .filter((el): el is Element => el !== null && inside(root, el)),
        );
        break;
      case 'parent':
        set = uniqueInDocumentOrder(
          set.map((el) => el.parentElement).filter((el): el is HTMLElement => el !== null && inside(root, el)),
        );
        break;
      case 'filter':
        set = set.filter((el) => matchesSelector(el, step.selector));
        break;
    }
  }

  const matched = set;
  const effects: string[] = [];
  const action = expr.action;
  const selection = `jQuery object with ${plural(matched.length, 'element')}`;

  if (action === null) return { matched, result: selection, effects };

  switch (action.kind) {
    case 'length':
      return { matched, result: String(matched.length), effects };
    case 'text':
      if (action.value === null) {
        return { matched, result: quote(matched.map((el) => el.textContent ?? '').join('')), effects };
      }
      for (const el of matched) {
        el.textContent = action.value;
        effects.push(`set the text of ${describe(el)} to ${quote(action.value)}`);
      }
      return { matched, result: selection, effects };
    case 'val': {
      if (action.value === null) {
        const first = matched[0];
        if (!first) return { matched, result: 'undefined', effects };
        return { matched, result: quote(hasValue(first) ? first.value : ''), effects };
      }
      for (const el of matched) {
        if (!hasValue(el)) continue;
        el.value = action.value;
        effects.push(`set the value of ${describe(el)} to ${quote(action.value)}`);
      }
      return { matched, result: selection, effects };
    }
    case 'attr': {
      const first = matched[0];
      const value = first ? first.getAttribute(action.name) : null;
      return { matched, result: value === null ? 'undefined' : quote(value), effects };
    }
    case 'click':
      for (const el of matched) {
        clickElement(el);
        effects.push(`click on ${describe(el)}`);
      }
      return { matched, result: selection, effects };
    case 'trigger':
      for (const el of matched) {
        if (action.event === 'click') clickElement(el);
        else if (action.event === 'focus') focusElement(el);
        else dispatch(el, action.event);
        effects.push(`${action.event} event on ${describe(el)}`);
      }
      return { matched, result: selection, effects };
    case 'focus':
      for (const el of matched) {
        focusElement(el);
        effects.push(`focus on ${describe(el)}`);
      }
      return { matched, result: selection, effects };
  }
}

/** Clicks like jQuery does: the element's native click() when it has one, else a bubbling MouseEvent. */
function clickElement(el: Element): void {
  const native = (el as unknown as { click?: () => void }).click;
  if (typeof native === 'function') {
    native.call(el);
    return;
  }
  const view = el.ownerDocument.defaultView;
  const Ctor = view ? view.MouseEvent : undefined;
  if (Ctor) el.dispatchEvent(new Ctor('click', { bubbles: true, cancelable: true, view }));
  else dispatch(el, 'click');
}

function focusElement(el: Element): void {
  const native = (el as unknown as { focus?: () => void }).focus;
  if (typeof native === 'function') native.call(el);
}

function dispatch(el: Element, type: string): void {
  const view = el.ownerDocument.defaultView;
  if (!view) return;
  el.dispatchEvent(new view.Event(type, { bubbles: true, cancelable: true }));
}
