import { useEffect, useState } from 'react';
import type { PluggableList } from 'unified';
import { importOrCheckDeploy } from '../data/deploy.ts';
import { sanitizeSchema } from '../markdown/sanitize-schema.ts';

let loaded: PluggableList | null = null;
/** One empty list, so that a page without raw HTML gets the same value on every render. */
const NONE: PluggableList = [];
let loading: Promise<PluggableList> | null = null;

/** Loads rehype-raw and rehype-sanitize (and the HTML parser) once, on first need. */
export function loadRawHtmlPlugins(): Promise<PluggableList> {
  loading ??= importOrCheckDeploy(() => Promise.all([import('rehype-raw'), import('rehype-sanitize')])).then(([raw, sanitize]) => {
    loaded = [raw.default, [sanitize.default, sanitizeSchema]];
    return loaded;
  });
  return loading;
}

/**
 * The plugins that render raw HTML safely, for chunks that contain it; null
 * while they load. Pages without raw HTML never download them.
 */
export function useRawHtmlPlugins(needed: boolean): PluggableList | null {
  const [plugins, setPlugins] = useState<PluggableList | null>(needed ? loaded : NONE);
  useEffect(() => {
    if (!needed) return setPlugins(NONE);
    if (loaded) return setPlugins(loaded);
    let live = true;
    void loadRawHtmlPlugins().then((p) => live && setPlugins(p));
    return () => {
      live = false;
    };
  }, [needed]);
  return needed ? (loaded ?? plugins) : NONE;
}
