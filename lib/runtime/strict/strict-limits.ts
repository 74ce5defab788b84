/**
 * The subset of JSON Schema OpenAI accepts with `strict: true`, as documented in
 * https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
 * ("Supported types", "Supported properties", "Objects have limitations on nesting depth and
 * size", "Limitations on total string size", "Limitations on enum size", "Some type-specific
 * keywords are not yet supported", "Definitions are supported", "Recursive schemas are supported").
 */

export const STRICT_DOCS_URL = 'https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas';

export const MAX_NESTING_DEPTH = 10;
export const MAX_OBJECT_PROPERTIES = 5000;
export const MAX_ENUM_VALUES = 1000;
export const MAX_STRING_BUDGET = 120_000;
/** "For a single enum property with string values, the total string length of all enum values cannot exceed 15,000 characters when there are more than 250 enum values." */
export const LARGE_ENUM_THRESHOLD = 250;
export const MAX_LARGE_ENUM_STRING_LENGTH = 15_000;

export const SUPPORTED_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** "format — Predefined formats for strings. Currently supported: …" */
export const SUPPORTED_FORMATS: ReadonlySet<string> = new Set([
  'date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid',
]);

/** Structural keywords plus the documented "Supported properties" for strings, numbers and arrays. */
export const SUPPORTED_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf',
  '$ref', '$defs', 'definitions', 'description', 'title',
  'pattern', 'format',
  'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'minItems', 'maxItems',
]);

/** Keywords that give a schema without `type` what strict mode counts as one ("schema must have a 'type' key"). */
export const TYPE_GIVING_KEYWORDS = ['anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const'] as const;

/** "Composition: allOf, not, dependentRequired, dependentSchemas, if, then, else" are not supported. */
export const COMPOSITION_KEYWORDS: ReadonlySet<string> = new Set([
  'allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'dependencies',
]);

/**
 * Unsupported keywords that change which instances are valid in a way strict mode cannot
 * express. Any other unsupported keyword only narrows (minLength, uniqueItems) or annotates
 * (`isAnnotationKeyword`: examples, contentSchema, vendor extensions…): dropping it from the
 * schema the model sees is safe because the runtime validates arguments against the original
 * schema; the model just loses the hint.
 */
export const UNFIXABLE_KEYWORDS: ReadonlySet<string> = new Set([
  'patternProperties', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems',
  'prefixItems', 'additionalItems', 'contains', 'minContains', 'maxContains',
  '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor', '$anchor', '$vocabulary',
]);
