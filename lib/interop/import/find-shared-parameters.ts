import { isPlainObject, type JsonValue } from '@/lib/runtime';
import type { ImportedTool } from './imported-tool';

/** Smaller parameter schemas are written where they are used, even when several tools repeat them. */
const MIN_SHARED_LENGTH = 48;

/** Parameter schemas several tools repeat word for word, each with the name it is written under. */
export type SharedParameters = {
  /** By the parameter schema's JSON text. */
  names: ReadonlyMap<string, string>;
  /** In order of first use. */
  entries: readonly (readonly [string, JsonValue])[];
};

/**
 * The top-level properties (`owner`, `per_page`, `body`…) that more than one tool declares with
 * the very same schema. An OpenAPI document shares them as `components/parameters`; the module
 * writes each once (`const parameters`) and the tools point at it, which changes the text only:
 * every tool's `jsonSchema` is the same value as if written out. Named after the property, numbered
 * when two different schemas share a property name.
 */
export function findSharedParameters(tools: readonly ImportedTool[]): SharedParameters {
  const counts = new Map<string, { key: string; value: JsonValue; count: number }>();
  for (const tool of tools) {
    const { properties } = tool.jsonSchema;
    if (!isPlainObject(properties)) continue;
    for (const [key, value] of Object.entries(properties)) {
      if (!isPlainObject(value)) continue;
      const text = JSON.stringify(value);
      if (text.length < MIN_SHARED_LENGTH) continue;
      const seen = counts.get(text);
      if (seen) seen.count += 1;
      else counts.set(text, { key, value: value as JsonValue, count: 1 });
    }
  }
  const names = new Map<string, string>();
  const entries: [string, JsonValue][] = [];
  const taken = new Set<string>();
  for (const [text, { key, value, count }] of counts) {
    if (count < 2) continue;
    let name = key;
    for (let index = 2; taken.has(name); index += 1) name = `${key}_${index}`;
    taken.add(name);
    names.set(text, name);
    entries.push([name, value]);
  }
  return { names, entries };
}
