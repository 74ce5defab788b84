import { isPlainObject } from '../vocabulary/json';
import { findExcessiveNesting } from './find-excessive-nesting';
import { MAX_ENUM_VALUES, MAX_OBJECT_PROPERTIES, MAX_STRING_BUDGET } from './strict-limits';
import { ROOT_LOCATION } from './schema-location';
import type { StrictReport, StrictViolation } from './strict-violation';
import { walkStrictSchema, type SchemaTotals } from './walk-strict-schema';

export type { StrictReport, StrictRule, StrictViolation } from './strict-violation';

const ROOT_UNION_KEYWORDS = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'] as const;

/**
 * Every way `schema` breaks OpenAI's documented strict-mode rules
 * (https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas), with the
 * message OpenAI's 400 response would carry. Accepts anything and never throws.
 */
export function checkStrictSchema(schema: unknown): StrictReport {
  const violations: StrictViolation[] = [...checkRoot(schema)];
  if (isPlainObject(schema)) {
    const walked = walkStrictSchema(schema, ROOT_LOCATION);
    violations.push(...walked.violations, ...checkTotals(walked.totals));
    const nesting = findExcessiveNesting(schema);
    if (nesting) violations.push(nesting);
  }
  return { ok: violations.length === 0, violations };
}

/** "Root objects must not be anyOf and must be an object." */
function checkRoot(schema: unknown): StrictViolation[] {
  if (!isPlainObject(schema)) {
    return [{ pointer: '', rule: 'root-object', message: `schema must be a JSON Schema of 'type: "object"', got 'type: "None"'.` }];
  }
  if (ROOT_UNION_KEYWORDS.some((keyword) => keyword in schema)) {
    return [{
      pointer: '',
      rule: 'root-not-union',
      message: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.",
    }];
  }
  if (schema.type !== 'object') {
    const shown = schema.type === undefined ? 'None' : typeof schema.type === 'string' ? schema.type : JSON.stringify(schema.type);
    return [{ pointer: '', rule: 'root-object', message: `schema must be a JSON Schema of 'type: "object"', got 'type: "${shown}"'.` }];
  }
  return [];
}

/** "Objects have limitations on nesting depth and size", "Limitations on total string size", "Limitations on enum size". */
function checkTotals(totals: SchemaTotals): StrictViolation[] {
  const violations: StrictViolation[] = [];
  if (totals.properties > MAX_OBJECT_PROPERTIES) {
    violations.push({
      pointer: '',
      rule: 'max-properties',
      message: `The schema has ${totals.properties} object properties in total; at most ${MAX_OBJECT_PROPERTIES} are permitted.`,
    });
  }
  if (totals.enumValues > MAX_ENUM_VALUES) {
    violations.push({
      pointer: '',
      rule: 'max-enum-values',
      message: `The schema has ${totals.enumValues} enum values in total; at most ${MAX_ENUM_VALUES} are permitted.`,
    });
  }
  if (totals.stringLength > MAX_STRING_BUDGET) {
    violations.push({
      pointer: '',
      rule: 'string-budget',
      message: `The total string length of property names, definition names, enum values and const values is ${totals.stringLength}; at most ${MAX_STRING_BUDGET} is permitted.`,
    });
  }
  return violations;
}
