import { describe, expect, it } from 'vitest';
import { addToolStarter } from '@/lib/client/compile';
import { compileToolModule } from '@/lib/sandbox/compile/compile-tool-module';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { PRESETS } from '@/lib/presets';

describe('addToolStarter', () => {
  it('appends a working tool to every preset, which then compiles with one tool more', async () => {
    await prewarmSandboxPool();
    for (const preset of PRESETS.slice(0, 3)) {
      const added = addToolStarter(preset.source);
      if (!added.ok) throw new Error(added.error);
      const [before, after] = await Promise.all([compileToolModule(preset.source), compileToolModule(added.value.source)]);
      expect(after.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
      expect(after.tools.map((tool) => tool.name)).toEqual([...before.tools.map((tool) => tool.name), 'new_tool']);
      expect(after.tools.at(-1)?.line).toBe(added.value.line);
    }
  });

  it('adds a comma after a last element without one, and a second starter gets another name', () => {
    const source = "import { z } from 'zod';\nimport { defineTool } from 'playground';\nexport default [\n  defineTool({ name: 'a', description: 'b', schema: z.object({}), execute: () => ']' })\n];\n";
    const once = addToolStarter(source);
    expect(once.ok && once.value.source).toContain("execute: () => ']' }),\n  defineTool({\n    name: 'new_tool',");
    const twice = once.ok ? addToolStarter(once.value.source) : once;
    expect(twice.ok && twice.value.name).toBe('new_tool_2');
  });

  it('writes a whole module for an empty editor, adds missing imports, and refuses a module without an export array', () => {
    const empty = addToolStarter('');
    expect(empty.ok && empty.value.source.startsWith("import { z } from 'zod';\nimport { defineTool } from 'playground';\n\nexport default [\n  defineTool({")).toBe(true);
    const bare = addToolStarter('export default [];\n');
    expect(bare.ok && bare.value.source.startsWith("import { z } from 'zod';\nimport { defineTool } from 'playground';\nexport default [\n  defineTool({")).toBe(true);
    expect(addToolStarter('export const tools = [];')).toEqual({ ok: false, error: 'The module has no `export default [ … ]` array to add a tool to.' });
    expect(addToolStarter('export default [ defineTool({')).toEqual({ ok: false, error: 'The `export default [` array is not closed; fix the module first.' });
  });
});
