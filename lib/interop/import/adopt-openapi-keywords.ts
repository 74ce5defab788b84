import { isPlainObject, type JsonSchema, type JsonValue } from '@/lib/runtime';

/**
 * Says in JSON Schema 2020-12 what an OpenAPI schema node said in OpenAPI's own words. Mutates
 * `node`, just rewritten from `source`: a 3.0-style `example` joins `examples` (the upgrade does
 * so for 3.0 documents, not for 3.1 ones, where `example` is deprecated but allowed), and an
 * `allOf` around a lone `$ref`, 3.0's way to give a reference siblings (a description, an
 * example, `nullable`), becomes that `$ref`, which 2020-12 applies beside its siblings exactly as
 * `allOf` does. Neither changes which values are valid; both keep strict mode within reach.
 */
export function adoptOpenApiKeywords(node: JsonSchema, source: Record<string, unknown>): void {
  if ('example' in source && source.example !== undefined) {
    const example = source.example as JsonValue;
    const listed = node.examples === undefined ? [] : Array.isArray(node.examples) ? node.examples : [node.examples];
    const known = new Set(listed.map((entry) => JSON.stringify(entry)));
    node.examples = known.has(JSON.stringify(example)) ? listed : [...listed, example];
  }
  const { allOf } = node;
  const [only] = Array.isArray(allOf) && allOf.length === 1 ? allOf : [];
  if (isPlainObject(only) && Object.keys(only).length === 1 && typeof only.$ref === 'string' && !('$ref' in node)) {
    node.$ref = only.$ref;
    delete node.allOf;
  }
}
