import type { ComponentProps } from 'react';
import { PrefetchLink as Link } from '../components/PrefetchLink.tsx';
import { EXTERNAL_LINK as EXTERNAL, FILE_LINK as FILE, NEW_TAB_NOTE } from '../shared/link-kinds.ts';

/** Internal links go through the router; external ones open as usual, marked as leaving the site. */
export function MarkdownLink({ href = '', children, node: _node, ...rest }: ComponentProps<'a'> & { node?: unknown }) {
  if (href.startsWith('#'))
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  if (EXTERNAL.test(href)) {
    return (
      <a href={href} {...rest} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="sr-only">{NEW_TAB_NOTE}</span>
      </a>
    );
  }
  if (FILE.test(href.replace(/[?#].*$/, '')))
    return (
      <a href={href} {...rest} download>
        {children}
      </a>
    );
  return (
    <Link to={href} {...rest}>
      {children}
    </Link>
  );
}
