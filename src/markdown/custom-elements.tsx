/**
 * Custom elements that Markdown may place as raw HTML (`<jquery-sandbox></jquery-sandbox>`):
 * tag name -> lazily loaded React component, rendered inside a wrapper
 * `<div data-custom-element="name">`, the same wrapper a page document's
 * static HTML holds, so the app can mount the component into either.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { importOrCheckDeploy } from '../data/deploy.ts';
import { CUSTOM_ELEMENT_LOADING, CUSTOM_ELEMENT_NAMES } from '../shared/markdown/custom-element-names.ts';

export const customElementRegistry: Record<(typeof CUSTOM_ELEMENT_NAMES)[number], ComponentType> = {
  'jquery-sandbox': lazy(() => importOrCheckDeploy(() => import('../components/JquerySandbox.tsx'))),
};

/** The component of a custom element, behind its loading fallback. */
export function CustomElement({ name }: { name: string }) {
  const C = (customElementRegistry as Record<string, ComponentType | undefined>)[name];
  if (!C) return null;
  return (
    <Suspense
      fallback={
        <div className="custom-element-loading" aria-busy="true">
          {CUSTOM_ELEMENT_LOADING}
        </div>
      }
    >
      <C />
    </Suspense>
  );
}

/** react-markdown components for the custom elements: the wrapper, and the component inside it. */
export const customElementComponents = Object.fromEntries(
  CUSTOM_ELEMENT_NAMES.map((tag) => [
    tag,
    () => (
      <div data-custom-element={tag}>
        <CustomElement name={tag} />
      </div>
    ),
  ]),
);
