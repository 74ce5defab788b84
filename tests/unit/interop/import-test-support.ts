import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { attachDefinitions, createJsonSchemaValidator } from '@/lib/runtime';
import { importToolDefinitions } from '@/lib/interop/import/import-tool-definitions';
import type { ToolImport } from '@/lib/interop/import/imported-tool';
import { qualifyImportedTool } from '@/lib/interop/import/import-picker';

const CATALOGS = new URL('../../fixtures/catalogs/', import.meta.url);

/** A file of tests/fixtures/catalogs as text (`.gz` ones unzipped). */
export function readCatalog(name: string): string {
  const bytes = readFileSync(new URL(name, CATALOGS));
  return (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

export function importOk(text: string): ToolImport {
  const imported = importToolDefinitions(text);
  if (!imported.ok) throw new Error(imported.error.message);
  return imported.value;
}

/**
 * Every tool whose final schema (its `jsonSchema` with the shared definitions it reaches in
 * `$defs`) does not compile, with `refuse` or with `backtrack` patterns, and why; empty when all do.
 */
export function listUncompilableTools(imported: ToolImport): string[] {
  const problems: string[] = [];
  for (const tool of imported.tools) {
    const final = attachDefinitions(tool.jsonSchema, imported.definitions);
    if (!final.ok) {
      problems.push(`${qualifyImportedTool(tool)}: ${final.error}`);
      continue;
    }
    for (const patterns of ['refuse', 'backtrack'] as const) {
      const validator = createJsonSchemaValidator(final.value, { patterns });
      if (!validator.ok) problems.push(`${qualifyImportedTool(tool)} (${patterns}): ${validator.error}`);
    }
  }
  return problems;
}

/** `namespace.name` of each tool, in order. */
export function listToolNames(imported: ToolImport): string[] {
  return imported.tools.map(qualifyImportedTool);
}

export function countOccurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
