/**
 * The inside of the jQuery sandbox: a sample chat widget, the site's own copy
 * of jQuery (loaded by the document before this script), and a runner for the
 * reader's code. The document is framed with `sandbox="allow-scripts"`, so it
 * has an opaque origin: the code it runs cannot read the site's page,
 * cookies or storage, open windows or dialogs, or navigate the top window.
 * Results go back to the page with postMessage; the page checks them.
 */
import { guardLoops } from './loop-guard.ts';
import { FrameReply, RunRequest } from './protocol.ts';

interface JQ {
  jquery: string;
  length: number;
  [index: number]: unknown;
}
type JQStatic = ((...args: unknown[]) => JQ) & { fn: { pushStack: (this: JQ, elems: ArrayLike<unknown>) => JQ } };
type Win = Window & { jQuery?: JQStatic; $?: JQStatic };

/** The site's origin: the document's address still names it, though the document's own origin is opaque. */
const SITE_ORIGIN = new URL(location.href).origin;
const MATCH_CLASS = 'sandbox-match';
const MAX_EFFECTS = 30;

const GREETING = 'Hi! I can take your pizza order. Pickup or delivery?';

/** The sample bot's replies: a few keyword rules, like a tiny intent model. */
function botReply(text: string): string {
  const t = text.toLowerCase();
  if (t.includes('pickup') || t.includes('pick up')) return 'Pickup it is. Which pizza would you like: Margherita, Pepperoni or Veggie?';
  if (t.includes('delivery') || t.includes('deliver')) return 'Delivery it is. What is the delivery address?';
  if (t.includes('menu')) return 'Today we have Margherita, Pepperoni and Veggie.';
  if (t.trim() === '') return 'Sorry, I got an empty message. Type something or choose an option.';
  return 'Sorry, I did not get that. Choose Pickup or Delivery.';
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string>, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** Builds the widget: ordinary DOM and listeners, as on a customer's site. */
function buildWidget(): void {
  const log = el('div', { class: 'chat-messages', role: 'log', 'aria-label': 'Conversation' }, el('p', { class: 'bot-message' }, GREETING));
  const input = el('input', { id: 'chat-input', class: 'chat-input', type: 'text', 'aria-label': 'Message to the pizza bot', placeholder: 'Type a message', autocomplete: 'off' });
  const send = (text: string): void => {
    log.append(el('p', { class: 'user-message' }, text), el('p', { class: 'bot-message' }, botReply(text)));
    log.scrollTop = log.scrollHeight;
  };
  // The frame may not submit forms, so the button and Enter send; the input is read as it is,
  // so a value set with .val('…') is what gets sent, as on most real chat widgets.
  const sendInput = (): void => {
    send(input.value);
    input.value = '';
  };
  const sendButton = el('button', { type: 'button', title: 'Send', class: 'chat-send' }, 'Send');
  sendButton.addEventListener('click', sendInput);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') sendInput();
  });
  const replies = el('div', { class: 'quick-replies', role: 'group', 'aria-label': 'Quick replies' });
  for (const label of ['Pickup', 'Delivery']) {
    const b = el('button', { type: 'button', title: label, class: 'quick-reply' }, label);
    b.addEventListener('click', () => send(label));
    replies.append(b);
  }
  const form = el('form', { class: 'chat-form' }, input, sendButton);
  form.addEventListener('submit', (e) => e.preventDefault());
  document.body.append(el('section', { class: 'chat-widget', 'aria-label': 'Sample chat widget' }, el('header', { class: 'chat-header' }, 'Pizza order assistant'), log, replies, form));
}

/** A short label for an element, in the form `tag#id.class[title="…"]`. */
function describe(node: unknown): string {
  if (!(node instanceof Element)) return node instanceof Node ? node.nodeName.toLowerCase() : String(node);
  let out = node.tagName.toLowerCase();
  if (node.id) out += `#${node.id}`;
  for (const c of node.classList) if (c !== MATCH_CLASS) out += `.${c}`;
  const title = node.getAttribute('title');
  if (title !== null) out += `[title="${title}"]`;
  return out;
}

const cut = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const isJq = (v: unknown): v is JQ => typeof v === 'object' && v !== null && typeof (v as JQ).jquery === 'string';
const elementsOf = (set: JQ): Element[] => Array.from({ length: set.length }, (_, i) => set[i]).filter((e): e is Element => e instanceof Element);

/** The value the code returned, as the page shows it. */
function show(value: unknown): string {
  if (isJq(value)) return `jQuery object with ${value.length} element${value.length === 1 ? '' : 's'}`;
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (value instanceof Node) return describe(value);
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.stringify(value) ?? Object.prototype.toString.call(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
  // A number, a boolean, a bigint, a symbol, null: their own text.
  return typeof value === 'symbol' ? value.toString() : `${value as number | boolean | bigint | null}`;
}

const win = window as Win;
const jQuery = win.jQuery;
/** The jQuery collections the code made, newest last: what it "matched" when it returns no collection. */
let made: JQ[] = [];

if (jQuery) {
  // $ and jQuery for the reader's code: the real jQuery, noting each collection it makes.
  const tracking: JQStatic = Object.assign((...args: unknown[]) => {
    const set = jQuery(...args);
    made.push(set);
    return set;
  }, jQuery);
  const pushStack = jQuery.fn.pushStack;
  jQuery.fn.pushStack = function (this: JQ, elems) {
    const set = pushStack.call(this, elems);
    made.push(set);
    return set;
  };
  win.$ = win.jQuery = tracking;
}

/** Loops stop after this long (the page replaces the whole frame a little later). */
const LOOP_LIMIT_MS = 1000;
const GUARD = '__loopGuard';

/** Compiles the code as an expression (to get its value), or else as statements, with its loops guarded. */
function compile(code: string): () => unknown {
  const deadline = Date.now() + LOOP_LIMIT_MS;
  const guard = (): void => {
    if (Date.now() > deadline) throw new Error(`A loop ran for more than ${LOOP_LIMIT_MS / 1000} second, so the code was stopped.`);
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the reader's code is this sandboxed frame's purpose.
  const fn = new Function(GUARD, guardLoops(code, GUARD).body) as (g: () => void) => unknown;
  return () => fn(guard);
}

function run(request: RunRequest): FrameReply {
  for (const e of document.querySelectorAll(`.${MATCH_CLASS}`)) e.classList.remove(MATCH_CLASS);
  // Framed without the sandbox, the code would run with the site's origin: refuse.
  if (window.origin !== 'null') return { type: 'error', id: request.id, message: 'The sandbox runs code only in a frame with sandbox="allow-scripts".' };
  if (!win.jQuery) return { type: 'error', id: request.id, message: 'jQuery did not load in the sandbox.' };
  made = [];
  const events: string[] = [];
  const onClick = (e: Event): void => void events.push(`click on ${describe(e.target)}`);
  const onFocus = (e: Event): void => void events.push(`focus on ${describe(e.target)}`);
  const inputs = [...document.querySelectorAll('input, textarea')] as HTMLInputElement[];
  const before = inputs.map((i) => i.value);
  const observer = new MutationObserver(() => {});
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  document.addEventListener('click', onClick, true);
  document.addEventListener('focusin', onFocus, true);
  let value: unknown;
  try {
    value = compile(request.code)();
  } catch (err) {
    observer.disconnect();
    return { type: 'error', id: request.id, message: cut(err instanceof Error ? (err.name === 'Error' ? err.message : `${err.name}: ${err.message}`) : `Uncaught ${show(err)}`, 2000) };
  } finally {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('focusin', onFocus, true);
  }
  const effects = [...events];
  for (const r of observer.takeRecords()) {
    for (const n of r.addedNodes) effects.push(n instanceof Element ? `added ${describe(n)} ${JSON.stringify(cut(n.textContent ?? '', 120))}` : `changed the text of ${describe(r.target)}`);
    for (const n of r.removedNodes) if (n instanceof Element) effects.push(`removed ${describe(n)}`);
    if (r.type === 'characterData') effects.push(`changed the text of ${describe(r.target.parentElement)}`);
  }
  observer.disconnect();
  inputs.forEach((input, i) => {
    if (input.isConnected && input.value !== before[i]) effects.push(`set the value of ${describe(input)} to ${JSON.stringify(cut(input.value, 120))}`);
  });
  const unique = [...new Set(effects)];
  const shown = unique.length > MAX_EFFECTS ? [...unique.slice(0, MAX_EFFECTS - 1), `and ${unique.length - MAX_EFFECTS + 1} more`] : unique;
  const last = isJq(value) ? value : made.at(-1);
  const matched = last ? elementsOf(last) : [];
  for (const m of matched) m.classList.add(MATCH_CLASS);
  return { type: 'result', id: request.id, matched: matched.slice(0, 100).map((m) => cut(describe(m), 300)), result: cut(show(value), 2000), effects: shown.map((e) => cut(e, 300)) };
}

function post(reply: FrameReply): void {
  window.parent.postMessage(reply, SITE_ORIGIN);
}

buildWidget();
window.addEventListener('message', (e) => {
  if (e.source !== window.parent || e.origin !== SITE_ORIGIN) return;
  const request = RunRequest.safeParse(e.data);
  if (!request.success) return;
  try {
    post(run(request.data));
  } catch {
    // The code left a value that cannot be shown (a getter that throws, say).
    post({ type: 'error', id: request.data.id, message: 'The result could not be shown.' });
  }
});
post({ type: 'ready' });
