import { describe, expect, it } from 'vitest';
import { countOccurrences, importOk, listToolNames, listUncompilableTools, readCatalog } from './import-test-support';

/** What the import wrote for this fixture before definitions were shared and repeated parameters written once. */
const SIZE_BEFORE = 2_439_513;

describe("GitHub's REST API (1,223 operations)", () => {
  const imported = importOk(readCatalog('github-rest.openapi.json.gz'));
  const size = imported.source.length;

  it('imports every operation, namespaced by its tag and named without the tag prefix', () => {
    expect(imported.tools).toHaveLength(1223);
    expect(imported.skipped).toEqual([]);
    const names = listToolNames(imported);
    expect(new Set(names).size).toBe(1223);
    expect(names.slice(0, 3)).toEqual(['meta.root', 'security-advisories.list-global-advisories', 'security-advisories.get-global-advisory']);
    expect(names).toContain('repos.get');
    expect(imported.tools.every((tool) => /^[a-zA-Z0-9_-]{1,64}$/.test(tool.name) && /^[a-zA-Z0-9_-]{1,64}$/.test(tool.namespace ?? ''))).toBe(true);
  });

  it("compiles every tool's final schema, with refuse and with backtrack patterns", () => {
    expect(listUncompilableTools(imported)).toEqual([]);
  }, 180_000);

  it(`writes the shared definitions once: ${size.toLocaleString('en')} characters instead of ${SIZE_BEFORE.toLocaleString('en')}`, () => {
    console.log(`GitHub REST module: ${size} characters (${Object.keys(imported.definitions).length} shared definitions), was ${SIZE_BEFORE}`);
    expect(countOccurrences(imported.source, 'const definitions = {')).toBe(1);
    expect(countOccurrences(imported.source, '$defs: {')).toBe(0);
    expect(size).toBeLessThan(SIZE_BEFORE * 0.8);
  });
});
