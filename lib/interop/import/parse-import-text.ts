import { normalize } from '@scalar/openapi-parser';
import { type JsonValue, ok, type Result } from '@/lib/runtime';
import type { ImportError } from './imported-tool';
import { failAt } from './read-import-fields';

/**
 * The input as JSON data: JSON first, else YAML (read by `@scalar/openapi-parser`, as OpenAPI
 * documents often are). Text that opens like JSON is reported as broken JSON, not as bad YAML.
 */
export function parseImportText(text: string): Result<JsonValue, ImportError> {
  let jsonError: string;
  try {
    return ok(JSON.parse(text) as JsonValue);
  } catch (error) {
    jsonError = describeError(error);
  }
  if (/^\s*[[{]/.test(text)) return failAt('', `not valid JSON (${jsonError}).`, 'invalid-json');
  let parsed: unknown;
  try {
    parsed = normalize(text);
  } catch (error) {
    return failAt('', `neither JSON (${jsonError}) nor YAML (${describeError(error).split('\n')[0]}).`, 'invalid-json');
  }
  if (typeof parsed !== 'object' || parsed === null) return failAt('', `not valid JSON (${jsonError}), and not a YAML mapping or list either.`, 'invalid-json');
  try {
    // YAML can hold what JSON cannot (aliases to one node, non-finite numbers); a round trip leaves plain data.
    return ok(JSON.parse(JSON.stringify(parsed)) as JsonValue);
  } catch (error) {
    return failAt('', `the YAML does not translate to JSON (${describeError(error)}).`, 'invalid-json');
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
