import type { ComponentProps } from 'react';
import { PrefetchLink as Link } from '../components/PrefetchLink.tsx';

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;
/** Files (the OpenAPI document, images) are served as they are, not routed. */
const FILE = /\.(ya?ml|json|svg|png|pdf|zip|txt)$/i;

/** Internal links go through the router; external ones open as usual, marked as leaving the site. */
export function MarkdownLink({ href = '', children, node: _node, ...rest }: ComponentProps<'a'> & { node?: unknown }) {
  if (href.startsWith('#')) return <a href={href} {...rest}>{children}</a>;
  if (EXTERNAL.test(href)) {
    return (
      <a href={href} {...rest} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (FILE.test(href.replace(/[?#].*$/, ''))) return <a href={href} {...rest} download>{children}</a>;
  return <Link to={href} {...rest}>{children}</Link>;
}
