import { upgrade } from '@scalar/openapi-parser';
import { isPlainObject, escapePointerSegment, ok, type Result } from '@/lib/runtime';
import type { ImportError, SkippedTool } from './imported-tool';
import { failAt } from './read-import-fields';

export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A document in OpenAPI 3.1 form, and the operations the upgrade could not carry over. */
export type UpgradedDocument = { document: Record<string, unknown>; skipped: SkippedTool[] };

/**
 * Swagger 2.0 and OpenAPI 3.0 documents rewritten as OpenAPI 3.1 by `@scalar/openapi-parser`
 * (`definitions` → `components/schemas`, body and form parameters → `requestBody`, `nullable` →
 * a `null` type, boolean `exclusiveMinimum`/`exclusiveMaximum` → numbers); 3.1 and 3.2 documents
 * as they are. The upgrader throws on some malformed operations; the paths are then upgraded one
 * by one, so only the operations of a path it cannot read are skipped.
 */
export function upgradeOpenApiDocument(original: Record<string, unknown>): Result<UpgradedDocument, ImportError> {
  const version = readVersion(original);
  if (!version.ok) return version;
  if (version.value === '3.1') return ok({ document: original, skipped: [] });
  const whole = tryUpgrade(original);
  if (whole.ok) return ok({ document: whole.value, skipped: [] });
  const { paths, ...rest } = original;
  const base = tryUpgrade({ ...rest, paths: {} });
  if (!base.ok) return failAt('', `the ${version.value} document could not be upgraded to OpenAPI 3.1 (${base.error}).`);
  const upgradedPaths: Record<string, unknown> = {};
  const skipped: SkippedTool[] = [];
  // Each path is upgraded beside the document's shared parts, which decide how its references are rewritten.
  const shared = Object.fromEntries(
    Object.entries({ swagger: original.swagger, openapi: original.openapi, consumes: original.consumes, parameters: original.parameters, definitions: isPlainObject(original.definitions) ? {} : undefined })
      .filter(([, value]) => value !== undefined),
  );
  for (const [path, item] of Object.entries(isPlainObject(paths) ? paths : {})) {
    const single = tryUpgrade({ ...shared, paths: { [path]: item } });
    const upgraded = single.ok && isPlainObject(single.value.paths) ? single.value.paths[path] : undefined;
    if (single.ok && upgraded !== undefined) {
      upgradedPaths[path] = upgraded;
      continue;
    }
    const reason = `could not be upgraded from ${version.value} to OpenAPI 3.1 (${single.ok ? 'the path disappeared' : single.error}).`;
    skipped.push(...listOperations(path, item, reason));
  }
  return ok({ document: { ...base.value, paths: upgradedPaths }, skipped });
}

function readVersion(document: Record<string, unknown>): Result<'Swagger 2.0' | 'OpenAPI 3.0' | '3.1', ImportError> {
  const { swagger, openapi } = document;
  // `"swagger": 2.0` is a number in some old documents; the upgrader only reads the string.
  if (swagger === 2 || swagger === '2.0') {
    document.swagger = '2.0';
    return ok('Swagger 2.0');
  }
  if (typeof openapi === 'string' && /^3\.0(\.|$)/.test(openapi)) return ok('OpenAPI 3.0');
  if (typeof openapi === 'string' && /^3\.[1-9]/.test(openapi)) return ok('3.1');
  if (swagger !== undefined) return failAt('/swagger', `expected "2.0", got ${JSON.stringify(swagger)}; Swagger 1.x documents are not supported.`);
  return failAt('/openapi', `expected an OpenAPI 3.x version string, got ${JSON.stringify(openapi ?? null)}.`);
}

/** Upgrades a copy of `document` (the upgrader changes what it is given). */
function tryUpgrade(document: Record<string, unknown>): Result<Record<string, unknown>, string> {
  try {
    const { specification } = upgrade(shieldPropertyNames(document) as Parameters<typeof upgrade>[0]);
    return isPlainObject(specification) ? ok(unshieldPropertyNames(specification) as Record<string, unknown>) : { ok: false, error: 'the upgrade returned no document' };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The upgrader rewrites `example` wherever it finds one, a property named `example` included
 * (it would become `examples: [{…}]`); such properties are renamed for the upgrade and back after.
 */
const SHIELDED_EXAMPLE = '\u0000example';

function shieldPropertyNames(value: unknown, parentKey?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => shieldPropertyNames(item));
  if (!isPlainObject(value)) return value;
  const isPropertyMap = parentKey === 'properties' || parentKey === 'patternProperties';
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [isPropertyMap && key === 'example' ? SHIELDED_EXAMPLE : key, shieldPropertyNames(child, key)]));
}

function unshieldPropertyNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unshieldPropertyNames);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key === SHIELDED_EXAMPLE ? 'example' : key, unshieldPropertyNames(child)]));
}

function listOperations(path: string, item: unknown, reason: string): SkippedTool[] {
  const itemAt = `/paths/${escapePointerSegment(path)}`;
  const operations = isPlainObject(item) ? OPERATION_METHODS.filter((method) => item[method] !== undefined) : [];
  if (operations.length === 0 || !isPlainObject(item)) return [{ pointer: itemAt, reason }];
  return operations.map((method) => {
    const operation = item[method];
    const name = isPlainObject(operation) && typeof operation.operationId === 'string' ? operation.operationId : undefined;
    return { pointer: `${itemAt}/${method}`, ...(name ? { name } : {}), reason };
  });
}
