/** The results popup's listbox: one labelled group per page, one option per matching heading, matches in <mark>. */
import { memo } from 'react';
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

interface OptionProps {
  id: string;
  index: number;
  hit: SearchHit;
  selected: boolean;
  onPick: (hit: SearchHit) => void;
  onHover: (index: number) => void;
}

/** One option; re-rendered only when its own props change (a hit equal to the last answer's keeps its object). */
const Option = memo(function Option({ id, index, hit, selected, onPick, onHover }: OptionProps) {
  return (
    // Options of a combobox's listbox are not focused: the input keeps focus and names the active one
    // (aria-activedescendant), and its key handler moves through them; a click picks one.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- see above
    <div
      id={id}
      role="option"
      aria-selected={selected}
      data-url={hit.url}
      // Keep focus in the input; the click still picks the option.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={() => !selected && onHover(index)}
      onClick={() => onPick(hit)}
      className="cursor-pointer rounded-md px-2 py-1.5 text-sm text-slate-900 aria-selected:bg-teal-50 aria-selected:ring-1 aria-selected:ring-teal-600 dark:text-slate-100 dark:aria-selected:bg-slate-800"
    >
      <span className="block font-semibold">{hit.title}</span>
      <span className="line-clamp-2 block text-slate-700 dark:text-slate-300">
        <Excerpt parts={hit.excerpt} />
      </span>
    </div>
  );
});

/** Props: the groups, their options in order (see optionsOf) and the active option. */
export interface SearchResultsProps {
  id: string;
  groups: SearchGroup[];
  options: SearchOption[];
  active: number;
  onPick: (hit: SearchHit) => void;
  onHover: (index: number) => void;
}

/** Memoized: typing re-renders the box, and the list only when its answer or active option changes. */
export const SearchResults = memo(function SearchResults({ id, groups, options, active, onPick, onHover }: SearchResultsProps) {
  let index = 0;
  return (
    <div role="listbox" id={id} aria-label="Search results" className="py-1">
      {groups.map((g) => (
        <div role="group" aria-label={g.title} key={g.path} className="px-2 pb-2">
          <div aria-hidden="true" className="px-2 pt-2 pb-1 text-xs font-bold tracking-wide text-teal-800 uppercase dark:text-teal-300">
            {g.title}
          </div>
          {g.hits.map((hit) => {
            const i = index++;
            // Keyed by address (unique within a page's group), so an option that moves keeps its element.
            return <Option key={hit.url} id={options[i]!.id} index={i} hit={hit} selected={i === active} onPick={onPick} onHover={onHover} />;
          })}
        </div>
      ))}
    </div>
  );
});
