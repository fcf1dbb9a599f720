import { PrefetchLink as Link } from '../components/PrefetchLink.tsx';
import type { LayoutProps } from './types.ts';
import { PageContent } from '../components/PageContent.tsx';

/** The home page: hero, description, the feature cards, the page body and the footer. */
export default function HomeLayout({ data }: LayoutProps) {
  const fm = data.record.frontmatter;
  return (
    <div className="home mx-auto max-w-5xl px-5 py-10">
      <section className="hero text-center" aria-labelledby="hero-title">
        {fm.heroImage ? <img className="hero-image mx-auto" src={fm.heroImage} alt={fm.heroAlt ?? ''} width={480} height={320} fetchPriority="high" /> : null}
        <h1 id="hero-title" className="page-title mt-6 text-4xl font-bold" tabIndex={-1}>
          {fm.heroText ?? data.record.title}
        </h1>
        {fm.tagline ? <p className="tagline mt-3 text-xl text-slate-600 dark:text-slate-300">{fm.tagline}</p> : null}
        {fm.actionText && fm.actionLink ? (
          <Link to={fm.actionLink} className="action-button mt-6 inline-block rounded-md bg-teal-700 px-6 py-3 text-lg font-semibold text-white hover:bg-teal-800">
            {fm.actionText}
          </Link>
        ) : null}
      </section>
      {fm.description ? <p className="home-description mx-auto mt-8 max-w-2xl text-center text-lg">{fm.description}</p> : null}
      {fm.features?.length ? (
        <ul className="features mt-10 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3" aria-label="Features">
          {fm.features.map((f) => (
            <li key={f.title} className="feature rounded-lg border border-slate-200 p-5 dark:border-slate-700">
              <h2 className="mt-0 text-xl font-semibold">
                <Link to={f.link} className="feature-link">
                  {f.title}
                </Link>
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{f.details}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-10">
        <PageContent path={data.record.path} content={data.content} />
      </div>
      {fm.footer ? <footer className="home-footer mt-12 border-t border-slate-200 pt-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">{fm.footer}</footer> : null}
    </div>
  );
}
