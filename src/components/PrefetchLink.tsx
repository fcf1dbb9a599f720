import type { ComponentProps } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { prefetchPage } from '../data/prefetch.ts';

/** A router link that starts loading its page's chunk when the pointer or focus reaches it. */
export function PrefetchLink(props: ComponentProps<typeof Link>) {
  const client = useQueryClient();
  const href = typeof props.to === 'string' ? props.to : (props.to.pathname ?? '');
  const prefetch = () => prefetchPage(client, href);
  return <Link {...props} onPointerEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch} />;
}
