import { describe, expect, it } from 'vitest';
import { prepareToolModule, type ToolModuleParts } from '@/lib/interop/export/prepare-tool-module';
import { scanModuleSource } from '@/lib/interop/export/scan-module-source';
import { toolSearchCatalogSource } from '@/lib/presets';
import { TRICKY_MODULE } from './export-module-fixtures';

function prepared(source: string): ToolModuleParts {
  const result = prepareToolModule(source);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('prepareToolModule', () => {
  it('keeps the module as written but for its imports and its default export', () => {
    const parts = prepared(toolSearchCatalogSource);
    expect(parts.zodImports).toEqual(["import { z } from 'zod';"]);
    expect(parts.playgroundImports).toEqual([
      { imported: 'defineTool', local: 'defineTool' },
      { imported: 'JsonValue', local: 'JsonValue' },
      { imported: 'ToolContext', local: 'ToolContext' },
    ]);
    const expected = toolSearchCatalogSource
      .replace("import { z } from 'zod';\nimport { defineTool } from 'playground';\nimport type { JsonValue, ToolContext } from 'playground';\n\n", '')
      .replace('export default [', 'const playgroundTools = [');
    expect(parts.body).toBe(expected);
  });

  it('binds `export { name as default }` after the module and keeps its other exports', () => {
    const parts = prepared(TRICKY_MODULE);
    expect(parts.body).not.toContain('as default');
    expect(parts.body.trimEnd().endsWith('const playgroundTools = tools;')).toBe(true);
    expect(parts.playgroundImports).toEqual([
      { imported: 'defineTool', local: 'define' },
      { imported: 'ToolContext', local: 'Context' },
    ]);
    const withOthers = prepared("import { defineTool } from 'playground';\nconst a = [];\nconst b = 1;\nexport { b, a as default, b as c };\n");
    expect(withOthers.body).toContain('export { b, b as c };');
    expect([...withOthers.exportedNames]).toEqual(['b', 'c']);
  });

  it('lists the names the module declares or uses, not member names or property keys', () => {
    const parts = prepared("import { defineTool } from 'playground';\nconst tools = [defineTool({ name: 'a', jsonSchema: {}, execute: (x) => x.tool })];\nexport default tools;\n");
    expect(parts.identifiers.has('tools')).toBe(true);
    expect(parts.identifiers.has('defineTool')).toBe(true);
    expect(parts.identifiers.has('jsonSchema')).toBe(false);
    expect(parts.identifiers.has('tool')).toBe(false);
  });

  it('collects what the module exports itself', () => {
    const parts = prepared("export const tools = [];\nexport async function helper() {}\nexport type Shape = {};\nexport default tools;\n");
    expect([...parts.exportedNames].sort()).toEqual(['helper', 'tools']);
  });

  it.each([
    ['no-default-export', 'const tools = [];\n'],
    ['no-default-export', 'export default interface Tools {}\n'],
    ['foreign-import', "import lodash from 'lodash';\nexport default [];\n"],
    ['foreign-import', "export * from 'lodash';\nexport default [];\n"],
    ['unsupported-import', "import playground from 'playground';\nexport default [];\n"],
    ['unsupported-import', "import { defineTools } from 'playground';\nexport default [];\n"],
    ['unsupported-import', "import fs = require('fs');\nexport default [];\n"],
    ['unsupported-import', "export default [await import('zod')];\n"],
    ['name-taken', 'const createPlaygroundRunner = 1;\nexport default [];\n'],
    ['unscannable', "export default ['open;\n"],
  ] as const)('fails with %s for %j', (code, source) => {
    const result = prepareToolModule(source);
    expect(result.ok ? undefined : result.error.code).toBe(code);
  });
});

describe('scanModuleSource', () => {
  it('reads literals and comments as wholes, at the depth of their statement', () => {
    const scanned = scanModuleSource("const a = `x ${ { b: '}' } } y`; // export default\nexport default /re}/g;");
    if (!scanned.ok) throw new Error(scanned.error.message);
    const exports = scanned.value.filter((token) => token.text === 'export');
    expect(exports.map((token) => token.depth)).toEqual([0]);
    expect(scanned.value.find((token) => token.kind === 'regex')?.text).toBe('/re}/g');
    expect(scanned.value.filter((token) => token.kind === 'template').map((token) => token.text)).toEqual(['`x ${', '} y`']);
  });

  it('tells a division from a regular expression', () => {
    const scanned = scanModuleSource("const half = total / 2 / count; const re = (/a/); const t = `${/'/.source}`;");
    if (!scanned.ok) throw new Error(scanned.error.message);
    expect(scanned.value.filter((token) => token.kind === 'regex').map((token) => token.text)).toEqual(['/a/', "/'/"]);
  });

  it('reports unbalanced brackets with their line', () => {
    const scanned = scanModuleSource('const a = [\n1,\n2;\n}');
    expect(scanned.ok ? undefined : scanned.error).toEqual({ line: 4, message: 'an unmatched "}"' });
  });
});
