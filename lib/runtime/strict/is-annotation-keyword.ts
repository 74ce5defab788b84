/**
 * Keywords that describe a value without constraining it: JSON Schema 2020-12's meta-data and
 * content vocabularies (https://json-schema.org/draft/2020-12/json-schema-validation#section-9
 * and #section-8, which Ajv collects without asserting), `$comment`, OpenAPI's own schema
 * annotations and `x-` extensions. `title` and `description` are absent because strict mode
 * supports them, `default` because the tool applies it.
 */
const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment',
  'contentEncoding', 'contentMediaType', 'contentSchema',
  'example', 'externalDocs', 'xml', 'discriminator',
]);

/** Whether dropping `keyword` from a schema leaves exactly the same values valid. */
export function isAnnotationKeyword(keyword: string): boolean {
  return ANNOTATION_KEYWORDS.has(keyword) || keyword.startsWith('x-');
}
