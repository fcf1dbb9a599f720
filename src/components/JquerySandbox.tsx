import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { FrameReply, MAX_CODE, SANDBOX_URL } from '../sandbox/protocol.ts';

/**
 * A live sandbox for `$JQUERY` expressions: a sample chat widget, an input
 * for the code, and an output that lists what it matched, returned and did.
 *
 * The widget and the site's copy of jQuery live in their own document
 * (src/sandbox/jquery-frame.ts), framed with `sandbox="allow-scripts"`: the
 * reader's code runs there with the real jQuery, in an opaque origin that
 * cannot reach this page. Only replies from that frame, in the shape of
 * FrameReply, are read. Code that does not answer in time (an endless loop)
 * is stopped by replacing the frame.
 */

/** How long a run may take before the frame is replaced. */
export const RUN_TIMEOUT_MS = 2000;

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

type Outcome = { kind: 'idle' } | { kind: 'running' } | { kind: 'error'; message: string } | { kind: 'done'; descriptions: string[]; result: string; effects: string[] };

export default function JquerySandbox(): ReactNode {
  const id = useId();
  const inputId = `${id}-expression`;
  const helpId = `${id}-help`;
  const [expression, setExpression] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  // Changing the key replaces the frame: a fresh document, widget and jQuery.
  const [epoch, setEpoch] = useState(0);
  const frameRef = useRef<HTMLIFrameElement>(null);
  /** The frame has said it is ready (reset with each new frame). */
  const ready = useRef(false);
  /** The run waiting for its reply: its number, its code (sent once the frame is ready), and its timer. */
  const pending = useRef<{ id: number; code: string; sent: boolean; timer: ReturnType<typeof setTimeout> } | null>(null);
  const nextId = useRef(0);

  const send = (): void => {
    const p = pending.current;
    const target = frameRef.current?.contentWindow;
    if (!p || p.sent || !ready.current || !target) return;
    p.sent = true;
    // The frame's origin is opaque, so no target origin can name it; the message carries only the reader's own code.
    target.postMessage({ type: 'run', id: p.id, code: p.code }, '*');
  };

  useEffect(() => {
    const onMessage = (e: MessageEvent): void => {
      // Only the current frame, whose sandbox gives it the opaque origin "null", and only known shapes.
      if (!frameRef.current || e.source !== frameRef.current.contentWindow || e.origin !== 'null') return;
      const parsed = FrameReply.safeParse(e.data);
      if (!parsed.success) return;
      const reply = parsed.data;
      if (reply.type === 'ready') {
        ready.current = true;
        send();
        return;
      }
      const p = pending.current;
      if (!p || reply.id !== p.id) return;
      clearTimeout(p.timer);
      pending.current = null;
      setOutcome(reply.type === 'error' ? { kind: 'error', message: reply.message } : { kind: 'done', descriptions: reply.matched, result: reply.result, effects: reply.effects });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => () => clearTimeout(pending.current?.timer), []);

  const replaceFrame = (): void => {
    ready.current = false;
    setEpoch((n) => n + 1);
  };

  const run = (code: string = expression): void => {
    if (pending.current) clearTimeout(pending.current.timer);
    if (code.length > MAX_CODE) {
      pending.current = null;
      setOutcome({ kind: 'error', message: `The code is longer than ${MAX_CODE} characters.` });
      return;
    }
    const runId = nextId.current++;
    const timer = setTimeout(() => {
      if (pending.current?.id !== runId) return;
      pending.current = null;
      replaceFrame();
      setOutcome({
        kind: 'error',
        message: `The code did not finish within ${RUN_TIMEOUT_MS / 1000} seconds, so it was stopped and the widget was reloaded.`,
      });
    }, RUN_TIMEOUT_MS);
    pending.current = { id: runId, code, sent: false, timer };
    setOutcome({ kind: 'running' });
    send();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'Enter') {
      e.preventDefault();
      run();
    }
  };

  const reset = (): void => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    setOutcome({ kind: 'idle' });
    replaceFrame();
  };

  return (
    <div className="not-prose my-6 rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
      <p className="mb-3 font-semibold">jQuery sandbox</p>
      <div className="grid gap-4 md:grid-cols-2">
        <iframe key={epoch} ref={frameRef} src={SANDBOX_URL} sandbox="allow-scripts" title="Sample chat widget" className="h-[26rem] w-full rounded-lg border-0" />
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
              Press Enter or Run. The code runs with jQuery in the widget's own sealed frame; matched elements are outlined.
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
          <div className="min-h-24 rounded border border-slate-300 bg-white p-3 dark:border-slate-600 dark:bg-slate-900" role="status" aria-live="polite" aria-label="Sandbox output">
            <Output outcome={outcome} />
          </div>
          <div>
            <button type="button" className="rounded border border-slate-400 px-3 py-1 hover:bg-white focus-visible:outline-2 focus-visible:outline-teal-700 dark:hover:bg-slate-900" onClick={reset}>
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
  if (outcome.kind === 'running') {
    return <p className="text-slate-600 dark:text-slate-300">Running…</p>;
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
      <p className="font-semibold">{n === 0 ? 'No element matched' : `${n} element${n === 1 ? '' : 's'} matched`}</p>
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
