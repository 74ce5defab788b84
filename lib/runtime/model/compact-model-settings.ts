import type { ModelSettings } from './model-settings';

/**
 * The settings with their unset fields left out; `undefined` when none is set. Apart from the
 * schema, so the page's first bundle can call it without loading Zod.
 */
export function compactModelSettings(settings: ModelSettings | undefined): ModelSettings | undefined {
  if (!settings) return undefined;
  const compact = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as ModelSettings;
  return Object.keys(compact).length > 0 ? compact : undefined;
}
