import { useRef, useState, type ComponentProps } from 'react';

/** A fenced code block with a copy button. */
export function CodeBlock({ children, node: _node, ...rest }: ComponentProps<'pre'> & { node?: unknown }) {
  const ref = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const text = ref.current?.innerText ?? '';
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="code-block">
      <pre ref={ref} {...rest}>
        {children}
      </pre>
      <button type="button" className="copy-button" onClick={copy} aria-label={copied ? 'Copied' : 'Copy code'}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
