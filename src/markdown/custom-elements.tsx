/**
 * Custom elements that Markdown may place as raw HTML (`<jquery-sandbox></jquery-sandbox>`):
 * tag name -> lazily loaded React component. The sanitizer allows exactly these tags.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { importOrCheckDeploy } from '../data/deploy.ts';

const registry: Record<string, ComponentType> = {
  'jquery-sandbox': lazy(() => importOrCheckDeploy(() => import('../components/JquerySandbox.tsx'))),
};

/** Tag names the sanitizer lets through. */
export const CUSTOM_ELEMENT_NAMES = Object.keys(registry);

/** react-markdown components for the custom elements, each behind a Suspense fallback. */
export const customElementComponents = Object.fromEntries(
  Object.entries(registry).map(([tag, C]) => [
    tag,
    () => (
      <Suspense fallback={<div className="custom-element-loading" aria-busy="true">Loading…</div>}>
        <C />
      </Suspense>
    ),
  ]),
);
