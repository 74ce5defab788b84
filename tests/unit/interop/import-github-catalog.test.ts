import { describe, expect, it } from 'vitest';
import { qualifyImportedTool } from '@/lib/interop/import/import-picker';
import {
  splitJsonPointer,
  toJsonPointer,
  isAnnotationKeyword,
  type StrictViolation,
  strictifySchema,
  attachDefinitions,
} from '@/lib/runtime';
import { countOccurrences, importOk, listToolNames, listUncompilableTools, readCatalog } from './import-test-support';

/** What the import wrote for this fixture before definitions were shared and repeated parameters written once. */
const SIZE_BEFORE = 2_439_513;
/**
 * Tools imported with `strict: false`, measured when strictify learned to drop a union that only
 * says which declared fields must be present, to type an object that declares properties, and to
 * move an object's type into the union that holds its fields (35 before). None of them is down to
 * an annotation: 15 hold a map or free-form object; 2 (the organization ruleset tools) a union
 * branch that is an `allOf` of two object schemas.
 */
const MAX_RELAXED_TOOLS = 17;

/** How a note names where a violation is: a keyword by the schema that uses it, anything else by its pointer. */
function describePlace(violation: StrictViolation): string {
  if (violation.rule !== 'composition') return `${violation.pointer} `;
  const path = splitJsonPointer(violation.pointer);
  return `${toJsonPointer(path.slice(0, -1))} uses '${path.at(-1) ?? ''}'`;
}

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

  it(`imports at most ${MAX_RELAXED_TOOLS} tools with strict: false, none for an annotation, each with a note naming what strictify could not rewrite`, () => {
    const relaxed = imported.tools.filter((tool) => tool.strict === false);
    expect(relaxed.length).toBeLessThanOrEqual(MAX_RELAXED_TOOLS);
    for (const tool of relaxed) {
      const attached = attachDefinitions(tool.jsonSchema, imported.definitions);
      if (!attached.ok) throw new Error(attached.error);
      const outcome = strictifySchema(attached.value);
      if (outcome.ok) throw new Error(`${qualifyImportedTool(tool)} was relaxed but strictifies`);
      const keywords = outcome.violations.map((violation) => splitJsonPointer(violation.pointer).at(-1) ?? '');
      expect(keywords.filter(isAnnotationKeyword)).toEqual([]);
      const [first] = outcome.violations;
      expect(tool.notes.at(-1)).toMatch(new RegExp(`^${qualifyImportedTool(tool)}: imported with strict: false because `));
      expect(tool.notes.at(-1)).toContain(first ? describePlace(first) : '');
    }
  });

  it(`writes the shared definitions once: ${size.toLocaleString('en')} characters instead of ${SIZE_BEFORE.toLocaleString('en')}`, () => {
    console.log(`GitHub REST module: ${size} characters (${Object.keys(imported.definitions).length} shared definitions), was ${SIZE_BEFORE}`);
    expect(countOccurrences(imported.source, 'const definitions = {')).toBe(1);
    expect(countOccurrences(imported.source, '$defs: {')).toBe(0);
    expect(size).toBeLessThan(SIZE_BEFORE * 0.8);
  });
});
