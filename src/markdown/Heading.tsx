import type { ComponentProps } from 'react';

/** h2 and h3 with an anchor link to themselves. */
export function Heading({ level, id, children, node: _node, ...rest }: ComponentProps<'h2'> & { level: 2 | 3; node?: unknown }) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <H id={id} {...rest}>
      {children}
      {id ? (
        <a className="header-anchor" href={`#${id}`} aria-label={`Link to this section`}>
          #
        </a>
      ) : null}
    </H>
  );
}
