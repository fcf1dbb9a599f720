import { Component, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { describeElement, parseJqueryExpression, runJqueryExpression } from '../lib/jquery-expression.ts';

/**
 * A live sandbox for `$JQUERY` expressions: a small sample chat widget, an
 * input for an expression, and an output that lists what the expression
 * matched and did. Matched elements are outlined in the widget.
 *
 * The expression is parsed and run by src/lib/jquery-expression.ts, which
 * uses querySelectorAll on the widget only: it never evaluates code.
 */

/** Classes that carry meaning in the sample widget (the rest are styling utilities). */
const WIDGET_CLASSES = new Set([
  'chat-widget',
  'chat-header',
  'chat-messages',
  'bot-message',
  'user-message',
  'quick-replies',
  'quick-reply',
  'chat-form',
  'chat-input',
  'chat-send',
]);

/** Utility classes that outline a matched element; added and removed outside React's render. */
const HIGHLIGHT_CLASSES = ['outline-2', 'outline-offset-2', 'outline-amber-500'];

const PLACEHOLDER = `$('button[title="Pickup"]').click()`;

const EXAMPLES = [
  `$('button[title="Pickup"]').click()`,
  `$('.quick-reply').length`,
  `$('.bot-message').last().text()`,
  `$('#chat-input').val('Show me the menu')`,
  `$('.chat-send').click()`,
  `$('.quick-reply').eq(1).attr('title')`,
  `$(".quick-reply:contains('Delivery')").click()`,
];

interface ChatMessage {
  id: number;
  from: 'bot' | 'user';
  text: string;
}

const GREETING: ChatMessage = {
  id: 0,
  from: 'bot',
  text: 'Hi! I can take your pizza order. Pickup or delivery?',
};

/** The sample bot's replies: a few keyword rules, like a tiny intent model. */
function botReply(text: string): string {
  const t = text.toLowerCase();
  if (t.includes('pickup') || t.includes('pick up')) {
    return 'Pickup it is. Which pizza would you like: Margherita, Pepperoni or Veggie?';
  }
  if (t.includes('delivery') || t.includes('deliver')) {
    return 'Delivery it is. What is the delivery address?';
  }
  if (t.includes('menu')) return 'Today we have Margherita, Pepperoni and Veggie.';
  if (t.trim() === '') return 'Sorry, I got an empty message. Type something or choose an option.';
  return 'Sorry, I did not get that. Choose Pickup or Delivery.';
}

function describeForSandbox(el: Element): string {
  return describeElement(el, (name) => WIDGET_CLASSES.has(name));
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; expression: string; descriptions: string[]; result: string; effects: string[] };

/** The sample chat widget: ordinary React state, ordinary DOM. */
function ChatWidget(): ReactNode {
  const [messages, setMessages] = useState<ChatMessage[]>([GREETING]);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextId = useRef(1);

  const send = (text: string): void => {
    const user: ChatMessage = { id: nextId.current++, from: 'user', text };
    const bot: ChatMessage = { id: nextId.current++, from: 'bot', text: botReply(text) };
    setMessages((m) => [...m, user, bot]);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    const input = inputRef.current;
    if (!input) return;
    // The input is uncontrolled on purpose: a value set by .val('…') is what gets sent,
    // as on most real chat widgets.
    send(input.value);
    input.value = '';
  };

  return (
    <section
      className="chat-widget mx-auto flex w-full max-w-sm flex-col rounded-lg border border-slate-300 bg-white text-sm shadow-sm dark:border-slate-600 dark:bg-slate-900"
      aria-label="Sample chat widget"
    >
      <header className="chat-header rounded-t-lg bg-teal-700 px-3 py-2 font-semibold text-white">
        Pizza order assistant
      </header>
      <div
        className="chat-messages flex max-h-64 flex-col gap-2 overflow-y-auto p-3"
        role="log"
        aria-label="Conversation"
      >
        {messages.map((m) =>
          m.from === 'bot' ? (
            <p
              key={m.id}
              className="bot-message self-start rounded-lg bg-slate-100 px-3 py-2 text-slate-800 dark:bg-slate-800 dark:text-slate-100"
            >
              {m.text}
            </p>
          ) : (
            <p key={m.id} className="user-message self-end rounded-lg bg-teal-700 px-3 py-2 text-white">
              {m.text}
            </p>
          ),
        )}
      </div>
      <div className="quick-replies flex gap-2 px-3 pb-2" role="group" aria-label="Quick replies">
        {['Pickup', 'Delivery'].map((label) => (
          <button
            key={label}
            type="button"
            title={label}
            className="quick-reply rounded-full border border-teal-700 px-3 py-1 text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700 dark:text-teal-200 dark:hover:bg-slate-800"
            onClick={() => send(label)}
          >
            {label}
          </button>
        ))}
      </div>
      <form className="chat-form flex gap-2 border-t border-slate-200 p-3 dark:border-slate-700" onSubmit={onSubmit}>
        <input
          ref={inputRef}
          id="chat-input"
          className="chat-input min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-800"
          type="text"
          aria-label="Message to the pizza bot"
          placeholder="Type a message"
          autoComplete="off"
        />
        <button
          type="submit"
          title="Send"
          className="chat-send rounded bg-teal-700 px-3 py-1 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
        >
          Send
        </button>
      </form>
    </section>
  );
}

interface BoundaryProps {
  onReset: () => void;
  children: ReactNode;
}

/**
 * An expression such as .text('…') on a list can replace nodes React still
 * owns; if React then fails to update the widget, offer a reset instead of
 * breaking the page.
 */
class WidgetBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-200">
          <p>The last expression changed the widget in a way it cannot recover from.</p>
          <button
            type="button"
            className="mt-2 rounded border border-red-700 px-3 py-1 font-semibold"
            onClick={() => {
              this.setState({ failed: false });
              this.props.onReset();
            }}
          >
            Reset the widget
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}

export default function JquerySandbox(): ReactNode {
  const id = useId();
  const inputId = `${id}-expression`;
  const helpId = `${id}-help`;
  const [expression, setExpression] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [matched, setMatched] = useState<Element[]>([]);
  // Changing the key remounts the widget with its first message only.
  const [epoch, setEpoch] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);

  const clearHighlights = (): void => {
    rootRef.current
      ?.querySelectorAll(`.${HIGHLIGHT_CLASSES[0]}`)
      .forEach((el) => el.classList.remove(...HIGHLIGHT_CLASSES));
  };

  // Re-apply the outline after every render: React leaves classes it did not set alone,
  // but new renders may add elements, and a reset replaces them all.
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    root.querySelectorAll(`.${HIGHLIGHT_CLASSES[0]}`).forEach((el) => {
      if (!matched.includes(el)) el.classList.remove(...HIGHLIGHT_CLASSES);
    });
    for (const el of matched) {
      if (root.contains(el)) el.classList.add(...HIGHLIGHT_CLASSES);
    }
  });

  const run = (source: string = expression): void => {
    clearHighlights();
    const parsed = parseJqueryExpression(source);
    if (!parsed.ok) {
      setMatched([]);
      setOutcome({ kind: 'error', message: parsed.error });
      return;
    }
    const root = rootRef.current;
    if (!root) return;
    try {
      const r = runJqueryExpression(parsed.expr, root, describeForSandbox);
      setMatched(r.matched);
      setOutcome({
        kind: 'done',
        expression: parsed.expr.source,
        descriptions: r.matched.map(describeForSandbox),
        result: r.result,
        effects: r.effects,
      });
    } catch (err) {
      setMatched([]);
      setOutcome({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'Enter') {
      e.preventDefault();
      run();
    }
  };

  const reset = (): void => {
    setMatched([]);
    setOutcome({ kind: 'idle' });
    setEpoch((n) => n + 1);
  };

  return (
    <div className="not-prose my-6 rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
      <p className="mb-3 font-semibold">jQuery sandbox</p>
      <div className="grid gap-4 md:grid-cols-2">
        <div ref={rootRef} key={epoch}>
          <WidgetBoundary onReset={reset}>
            <ChatWidget />
          </WidgetBoundary>
        </div>
        <div className="flex flex-col gap-3">
          <div>
            <label htmlFor={inputId} className="mb-1 block font-semibold">
              jQuery expression
            </label>
            <div className="flex gap-2">
              <input
                id={inputId}
                type="text"
                className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
                value={expression}
                placeholder={PLACEHOLDER}
                aria-describedby={helpId}
                spellCheck={false}
                autoComplete="off"
                autoCapitalize="off"
                onChange={(e) => setExpression(e.target.value)}
                onKeyDown={onKeyDown}
              />
              <button
                type="button"
                className="rounded bg-teal-700 px-3 py-1 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
                onClick={() => run()}
              >
                Run
              </button>
            </div>
            <p id={helpId} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              Press Enter or Run. The expression runs against the widget only; matched elements are outlined.
            </p>
          </div>
          <div>
            <p className="mb-1 text-xs font-semibold text-slate-600 dark:text-slate-300">Try an example</p>
            <ul className="flex flex-wrap gap-1">
              {EXAMPLES.map((ex) => (
                <li key={ex}>
                  <button
                    type="button"
                    className="rounded border border-slate-300 bg-white px-2 py-0.5 font-mono text-xs hover:border-teal-700 focus-visible:outline-2 focus-visible:outline-teal-700 dark:border-slate-600 dark:bg-slate-900"
                    aria-label={`Use example ${ex}`}
                    onClick={() => setExpression(ex)}
                  >
                    {ex}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <div
            className="min-h-24 rounded border border-slate-300 bg-white p-3 dark:border-slate-600 dark:bg-slate-900"
            role="status"
            aria-live="polite"
            aria-label="Sandbox output"
          >
            <Output outcome={outcome} />
          </div>
          <div>
            <button
              type="button"
              className="rounded border border-slate-400 px-3 py-1 hover:bg-white focus-visible:outline-2 focus-visible:outline-teal-700 dark:hover:bg-slate-900"
              onClick={reset}
            >
              Reset the widget
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

function Output({ outcome }: { outcome: Outcome }): ReactNode {
  if (outcome.kind === 'idle') {
    return <p className="text-slate-600 dark:text-slate-300">Run an expression to see what it matches.</p>;
  }
  if (outcome.kind === 'error') {
    return (
      <p className="text-red-700 dark:text-red-300">
        <span className="font-semibold">Error: </span>
        {outcome.message}
      </p>
    );
  }
  const n = outcome.descriptions.length;
  return (
    <div className="flex flex-col gap-2">
      <p className="font-semibold">
        {n === 0 ? 'No element matched' : `${n} element${n === 1 ? '' : 's'} matched`}
      </p>
      {n > 0 && (
        <ul className="list-disc pl-5 font-mono text-xs">
          {outcome.descriptions.map((d, i) => (
            <li key={i}>{d}</li>
          ))}
        </ul>
      )}
      <p>
        <span className="font-semibold">Result: </span>
        <code className="font-mono text-xs">{outcome.result}</code>
      </p>
      {outcome.effects.length > 0 && (
        <div>
          <p className="font-semibold">Effects</p>
          <ul className="list-disc pl-5 text-xs">
            {outcome.effects.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
