import { isPlainObject, type JsonValue } from '@/lib/runtime';
import { setEntry, type Schema } from './generation-context';

/**
 * Folds `allOf` into the schema around it: `properties` merged, `required` united, any other
 * keyword taken from the last part that has it. A `$ref` part contributes what `resolve` finds.
 * Linear in the size of the parts, however many there are.
 */
export function mergeAllOf(schema: Schema, resolve: (reference: string) => Schema | undefined): Schema {
  const { allOf, ...base } = schema;
  const merged: Schema = { ...base };
  let properties: Schema | undefined;
  let required: { list: JsonValue[]; seen: Set<JsonValue> } | undefined;
  for (const part of Array.isArray(allOf) ? allOf : []) {
    if (!isPlainObject(part)) continue;
    const resolved = typeof part.$ref === 'string' ? (resolve(part.$ref) ?? {}) : (part as Schema);
    for (const [key, value] of Object.entries(resolved)) {
      if (key === 'properties' && isPlainObject(value)) {
        if (!properties) {
          properties = { ...(isPlainObject(merged.properties) ? (merged.properties as Schema) : {}) };
          merged.properties = properties;
        }
        for (const [name, subschema] of Object.entries(value as Schema)) setEntry(properties, name, subschema);
      } else if (key === 'required' && Array.isArray(value)) {
        if (!required) {
          const list = [...new Set(Array.isArray(merged.required) ? merged.required : [])];
          required = { list, seen: new Set(list) };
          merged.required = list;
        }
        for (const item of value) {
          if (required.seen.has(item)) continue;
          required.seen.add(item);
          required.list.push(item);
        }
      } else {
        setEntry(merged, key, value);
        if (key === 'properties') properties = undefined;
        if (key === 'required') required = undefined;
      }
    }
  }
  return merged;
}
