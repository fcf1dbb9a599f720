import type { ComponentProps } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { prefetchPage } from '../data/prefetch.ts';
import { StableLink } from './StableLink.tsx';

type Props = ComponentProps<typeof Link>;

/** Props a plain anchor takes as they are: a link with only these can be a StableLink. */
const ROUTER_ONLY = ['replace', 'state', 'relative', 'reloadDocument', 'preventScrollReset', 'viewTransition', 'discover', 'prefetch'] as const;

/**
 * A link to a page of the site that starts loading the page's chunk when the
 * pointer or focus reaches it. An absolute path (`/guides/ivr/`, the form
 * the compiler gives every internal Markdown link) becomes a StableLink,
 * which does not re-render when the address changes: a router Link reads
 * the location, so every one of them, in the page being left as in the one
 * shown, re-rendered on each click. Anything else (a relative path, router
 * options) stays a router Link.
 */
export function PrefetchLink(props: Props) {
  const { to, ...rest } = props;
  if (typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !ROUTER_ONLY.some((k) => k in rest)) {
    return <StableLink to={to} {...(rest as Omit<ComponentProps<typeof StableLink>, 'to'>)} />;
  }
  return <RouterPrefetchLink {...props} />;
}

function RouterPrefetchLink(props: Props) {
  const client = useQueryClient();
  const href = typeof props.to === 'string' ? props.to : (props.to.pathname ?? '');
  const prefetch = () => prefetchPage(client, href);
  return <Link {...props} onPointerEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch} />;
}
