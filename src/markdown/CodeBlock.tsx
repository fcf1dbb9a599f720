import { isValidElement, useEffect, useState, type ComponentProps, type ReactElement } from 'react';
import { highlight, languageOf } from './highlight.ts';
import { useCopyText } from '../hooks/useCopyText.ts';

/** The text and language of the <code> inside a fenced block. */
function codeOf(children: unknown): { text: string; lang: string | null } {
  const el = (Array.isArray(children) ? children[0] : children) as ReactElement<{ className?: string; children?: unknown }>;
  if (!isValidElement(el)) return { text: '', lang: null };
  const props = el.props;
  const m = /language-([\w-]+)/.exec(props.className ?? '');
  const text = Array.isArray(props.children) ? props.children.join('') : typeof props.children === 'string' ? props.children : '';
  return { text, lang: m ? m[1]! : null };
}

/** A fenced code block: highlighted once its language has loaded (plain text until then), with a copy button. */
export function CodeBlock({ children, node: _node, ...rest }: ComponentProps<'pre'> & { node?: unknown }) {
  const { text, lang } = codeOf(children);
  const hl = lang ? languageOf(lang) : null;
  const [html, setHtml] = useState<string | null>(null);
  const { state, copy } = useCopyText();
  const copied = state === 'copied';
  useEffect(() => {
    if (!hl) return;
    let live = true;
    highlight(text.replace(/\n$/, ''), hl).then(
      (h) => live && setHtml(h),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [text, hl]);
  return (
    <div className="code-block">
      <div className="code-toolbar">
        <span className="code-lang">{lang ?? ''}</span>
        <button type="button" className="copy-button" onClick={() => void copy(text.replace(/\n$/, ''))} aria-label={copied ? 'Copied' : 'Copy code'}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre {...rest} tabIndex={0}>
        {html !== null ? <code className={`language-${lang} hljs`} dangerouslySetInnerHTML={{ __html: html }} /> : children}
      </pre>
    </div>
  );
}
