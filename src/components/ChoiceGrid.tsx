import { useId } from 'react';
import { PrefetchLink as Link } from './PrefetchLink.tsx';
import type { FrontMatter } from '../shared/schemas/front-matter.ts';

type Choice = NonNullable<FrontMatter['choices']>[number];

/**
 * The choices of an overview layout: each a link through the router whose
 * description shows on hover and on keyboard focus (and is read as the link's description).
 */
export function ChoiceGrid({ choices, label }: { choices: ReadonlyArray<Choice>; label: string }) {
  const id = useId();
  return (
    <ul className="choices mt-8 grid list-none gap-x-5 gap-y-4 p-0 pb-24 sm:grid-cols-2" aria-label={label}>
      {choices.map((c, i) => (
        <li key={c.link} className="choice">
          <Link to={c.link} className="choice-link" aria-describedby={`${id}-${i}`}>
            <span className="choice-title">{c.title}</span>
            <span id={`${id}-${i}`} className="choice-description" role="tooltip">
              {c.description}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
