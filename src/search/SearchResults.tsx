/**
 * The results popup's listbox: one labelled group per page, one option per
 * matching heading, matches in <mark>.
 *
 * A new answer renders its first groups only, up to FIRST_OPTIONS options:
 * about what the popup shows without scrolling. The list grows by as many
 * again whenever its end comes near (the first screen did not fill the popup,
 * or the reader scrolled down), and to the option the keyboard moves to. Each
 * keystroke then lays out and paints a third of the options it would
 * otherwise (the answer on this site has up to 32), and a list that grows
 * lays out a screen at a time, not the whole answer; the options carry their
 * place in the whole list (aria-posinset, aria-setsize) and the status line
 * announces the count. An answer may also come without its last pages
 * (`more`): they are asked for (`onMore`) at the same moments, and until
 * they are there the size of the whole list is unknown (aria-setsize -1).
 */
import { memo, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ExcerptPart, SearchGroup, SearchHit } from './engine.ts';
import type { SearchOption } from './options.ts';

/** Renders excerpt runs as text nodes; matched words in <mark>. */
function Excerpt({ parts }: { parts: ExcerptPart[] }) {
  return parts.map((p, i) =>
    p.mark ? (
      <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-700 dark:text-slate-100">
        {p.text}
      </mark>
    ) : (
      p.text
    ),
  );
}

/**
 * Options a new answer renders at once (its groups are rendered whole, so
 * often a few more), and the ones whose pages' texts it loads: the popup's
 * first screen, 70% of an 800 px window, shows seven options of a title and
 * two lines with their pages' labels. Each page's text is a request; at
 * 10,000 pages ten options made a session of ten typed queries 37 KB heavier
 * than seven.
 */
export const FIRST_OPTIONS = 7;

interface OptionProps {
  id: string;
  index: number;
  count: number;
  hit: SearchHit;
  selected: boolean;
  onPick: (hit: SearchHit) => void;
  onHover: (index: number) => void;
}

/** One option; re-rendered only when its own props change (a hit equal to the last answer's keeps its object). */
const Option = memo(function Option({ id, index, count, hit, selected, onPick, onHover }: OptionProps) {
  return (
    // Options of a combobox's listbox are not focused: the input keeps focus and names the active one
    // (aria-activedescendant), and its key handler moves through them; a click picks one.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- see above
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={count}
      data-url={hit.url}
      // Keep focus in the input; the click still picks the option.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={() => !selected && onHover(index)}
      onClick={() => onPick(hit)}
      className="cursor-pointer rounded-md px-2 py-1.5 text-sm text-slate-900 aria-selected:bg-teal-50 aria-selected:ring-1 aria-selected:ring-teal-600 dark:text-slate-100 dark:aria-selected:bg-slate-800"
    >
      <span className="block font-semibold">{hit.title}</span>
      <span className="line-clamp-2 text-slate-700 dark:text-slate-300">
        <Excerpt parts={hit.excerpt} />
      </span>
    </div>
  );
});

/** Props: the groups, their options in order (see optionsOf) and the active option. */
export interface SearchResultsProps {
  id: string;
  /** The query the groups answer: a new one starts short again. */
  answered: string;
  groups: SearchGroup[];
  /** True when the answer has pages after `groups`, which `onMore` asks for. */
  more?: boolean;
  onMore?: () => void;
  options: SearchOption[];
  active: number;
  onPick: (hit: SearchHit) => void;
  onHover: (index: number) => void;
}

/** How many of `groups`, from the first, hold the first `n` options (the group that reaches `n` included), and their options. */
function groupsHolding(groups: ReadonlyArray<SearchGroup>, n: number): { groups: number; options: number } {
  let options = 0;
  for (let g = 0; g < groups.length; g++) {
    options += groups[g]!.hits.length;
    if (options >= n) return { groups: g + 1, options };
  }
  return { groups: groups.length, options };
}

/**
 * Calls `onNear` when `sentinel` is in the popup's visible part, or, once
 * the reader has scrolled the popup (`scrolled`), within 200 px of it. The
 * margin waits for a scroll: a first screen of options makes a list just
 * taller than the popup, whose end is always within 200 px, and every
 * answer would load all its pages at once. A new `size` (the list grew)
 * observes anew, so an end still near after a growth calls again.
 */
function useNear(sentinel: RefObject<HTMLDivElement | null>, enabled: boolean, scrolled: boolean, size: number, onNear: () => void): void {
  const latest = useRef(onNear);
  useLayoutEffect(() => {
    latest.current = onNear;
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!enabled || !el) return;
    const root = el.closest<HTMLElement>('[data-search-popup]');
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), { root, rootMargin: scrolled ? '200px 0px' : '0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [sentinel, enabled, scrolled, size]);
}

/** Memoized: typing re-renders the box, and the list only when its answer or active option changes. */
export const SearchResults = memo(function SearchResults({ id, answered, groups, more = false, onMore, options, active, onPick, onHover }: SearchResultsProps) {
  // How many options of which answer the list has grown to (its end came near); a new answer starts short.
  const [grown, setGrown] = useState<{ answered: string; options: number } | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // A new answer is read from its top: the popup does not stay scrolled down where the last one was.
  useLayoutEffect(() => {
    const popup = list.current?.closest<HTMLElement>('[data-search-popup]');
    if (popup) popup.scrollTop = 0;
  }, [answered]);
  // The answer whose list the reader has scrolled.
  const [scrolled, setScrolled] = useState<string | null>(null);
  useEffect(() => {
    const popup = list.current?.closest<HTMLElement>('[data-search-popup]');
    if (!popup || scrolled === answered) return;
    const onScroll = () => popup.scrollTop > 0 && setScrolled(answered);
    popup.addEventListener('scroll', onScroll, { passive: true });
    return () => popup.removeEventListener('scroll', onScroll);
  }, [answered, scrolled]);
  const canWait = typeof IntersectionObserver === 'function';
  const wanted = grown?.answered === answered ? grown.options : FIRST_OPTIONS;
  const { groups: shown, options: shownOptions } = groupsHolding(groups, canWait ? Math.max(wanted, active + 1) : Infinity);
  const rest = shown < groups.length || more;
  // Observed anew at each growth: an end still in sight after one grows the list again.
  useNear(sentinel, canWait && rest, scrolled === answered, shownOptions, () => {
    setGrown({ answered, options: shownOptions + FIRST_OPTIONS });
    if (more) onMore?.();
  });
  // The keyboard in the last page's options, or a browser that cannot tell when the list is scrolled: the rest now.
  const last = groups.at(-1)?.hits.length ?? 0;
  useEffect(() => {
    if (more && (!canWait || active >= options.length - last)) onMore?.();
  }, [more, canWait, active, options.length, last, onMore]);
  const setSize = more ? -1 : options.length;
  let index = 0;
  return (
    <div ref={list} role="listbox" id={id} aria-label="Search results" className="py-1">
      {groups.slice(0, shown).map((g) => (
        <div role="group" aria-label={g.title} key={g.path} className="px-2 pb-2">
          <div aria-hidden="true" className="px-2 pt-2 pb-1 text-xs font-bold tracking-wide text-teal-800 uppercase dark:text-teal-300">
            {g.title}
          </div>
          {g.hits.map((hit) => {
            const i = index++;
            // Keyed by address (unique within a page's group), so an option that moves keeps its element.
            return <Option key={hit.url} id={options[i]!.id} index={i} count={setSize} hit={hit} selected={i === active} onPick={onPick} onHover={onHover} />;
          })}
        </div>
      ))}
      {/* The height of one group: the popup's scroll bar says there is more below. */}
      {rest ? <div ref={sentinel} aria-hidden="true" className="h-20" /> : null}
    </div>
  );
});
