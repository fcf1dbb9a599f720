import { memo, useState } from 'react';
import { StableLink } from './StableLink.tsx';
import { groupContains, SIDEBAR_ID_ROOT, type HeaderNode, type SidebarNode } from '../shared/sidebar.ts';

interface Props {
  nodes: SidebarNode[];
  currentPath: string;
  headers: HeaderNode[];
  /** Slug of the heading in view (active header). */
  activeSlug?: string | undefined;
}

/** The sidebar tree: collapsible groups, the current page highlighted with its headings nested under it. */
const NO_HEADERS: HeaderNode[] = [];

export function Sidebar({ nodes, currentPath, headers, activeSlug }: Props) {
  return (
    <nav aria-label="Sidebar" className="sidebar-nav">
      <SidebarList nodes={nodes} currentPath={currentPath} headers={headers} activeSlug={activeSlug} depth={0} idPrefix={SIDEBAR_ID_ROOT} />
    </nav>
  );
}

/** `idPrefix`: the list's place in the tree, for its groups' ids (SIDEBAR_ID_ROOT). */
function SidebarList({ nodes, depth, idPrefix, ...rest }: Props & { depth: number; idPrefix: string }) {
  return (
    <ul className={`sidebar-list depth-${depth}`}>
      {nodes.map((n, i) =>
        n.kind === 'page' ? (
          <SidebarPage key={n.path} node={n} {...rest} />
        ) : (
          <SidebarGroupItem
            key={`${n.title}-${i}`}
            node={n}
            depth={depth}
            id={`${idPrefix}-${i}`}
            {...(groupContains(n, rest.currentPath) ? rest : { currentPath: '', headers: NO_HEADERS, activeSlug: undefined })}
          />
        ),
      )}
    </ul>
  );
}

/**
 * A group re-renders only when the current page enters or leaves it: the
 * list gives groups without it no current path, so memo skips them on a
 * route change (67 links re-rendered per click cost ~50 ms on a slow phone).
 */
const SidebarGroupItem = memo(function SidebarGroupItem({ node, depth, id, ...rest }: Omit<Props, 'nodes'> & { node: Extract<SidebarNode, { kind: 'group' }>; depth: number; id: string }) {
  const containsCurrent = groupContains(node, rest.currentPath);
  const [open, setOpen] = useState(containsCurrent || !node.collapsed);
  const expanded = open || containsCurrent;
  return (
    <li className={`sidebar-group${depth === 0 ? ' top' : ''}`}>
      <button type="button" className="sidebar-group-title" aria-expanded={expanded} aria-controls={id} onClick={() => setOpen(!expanded)}>
        <span>{node.title}</span>
      </button>
      <div id={id} hidden={!expanded}>
        <SidebarList nodes={node.children} depth={depth + 1} idPrefix={id} {...rest} />
      </div>
    </li>
  );
});

function SidebarPage({ node, currentPath, headers, activeSlug }: Omit<Props, 'nodes'> & { node: Extract<SidebarNode, { kind: 'page' }> }) {
  const current = node.path === currentPath;
  return (
    <li>
      <StableLink to={node.path} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
        {node.title}
      </StableLink>
      {current && headers.length > 0 ? <HeaderList headers={headers} activeSlug={activeSlug} path={node.path} /> : null}
    </li>
  );
}

function HeaderList({ headers, activeSlug, path }: { headers: HeaderNode[]; activeSlug?: string | undefined; path: string }) {
  return (
    <ul className="sidebar-headers">
      {headers.map((h) => (
        <li key={h.slug}>
          <StableLink to={`${path}#${h.slug}`} className={h.slug === activeSlug ? 'active' : undefined} aria-current={h.slug === activeSlug ? 'location' : undefined}>
            {h.title}
          </StableLink>
          {h.children.length > 0 ? <HeaderList headers={h.children} activeSlug={activeSlug} path={path} /> : null}
        </li>
      ))}
    </ul>
  );
}
