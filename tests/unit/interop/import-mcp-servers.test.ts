import { beforeAll, describe, expect, it } from 'vitest';
import { compileToolModule } from '@/lib/sandbox/compile/compile-tool-module';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { countOccurrences, importOk, listToolNames, listUncompilableTools, readCatalog } from './import-test-support';

beforeAll(async () => {
  await prewarmSandboxPool();
});

describe('real MCP tools/list answers', () => {
  it('imports the filesystem server: names, read-only hints, draft-07 schemas kept as they are', async () => {
    const text = readCatalog('mcp-filesystem.tools-list.json');
    const imported = importOk(text);
    expect(imported.format).toBe('mcp-tools-list');
    expect(listToolNames(imported)).toEqual([
      'read_file', 'read_text_file', 'read_media_file', 'read_multiple_files', 'write_file', 'edit_file', 'create_directory',
      'list_directory', 'list_directory_with_sizes', 'directory_tree', 'move_file', 'search_files', 'get_file_info', 'list_allowed_directories',
    ]);
    expect(imported.tools.filter((tool) => tool.isReadOnly).map((tool) => tool.name)).toContain('read_text_file');
    const answer = JSON.parse(text) as { result: { tools: { inputSchema: unknown }[] } };
    expect(imported.tools.map((tool) => tool.jsonSchema)).toEqual(answer.result.tools.map((tool) => tool.inputSchema));
    expect(imported.skipped).toEqual([]);
    expect(imported.notes).toEqual([]);
    // Every tool of this server declares its structured output; the import keeps it.
    expect(imported.tools.map((tool) => tool.outputSchema)).toEqual(answer.result.tools.map((tool) => (tool as { outputSchema?: unknown }).outputSchema));
    expect(listUncompilableTools(imported)).toEqual([]);
    expect(countOccurrences(imported.source, 'const definitions')).toBe(0);
    const compiled = await compileToolModule(imported.source);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.tools).toHaveLength(14);
  });

  it('imports the memory server', () => {
    const imported = importOk(readCatalog('mcp-memory.tools-list.json'));
    expect(listToolNames(imported)).toEqual([
      'create_entities', 'create_relations', 'add_observations', 'delete_entities', 'delete_observations', 'delete_relations', 'read_graph', 'search_nodes', 'open_nodes',
    ]);
    expect(imported.skipped).toEqual([]);
    expect(listUncompilableTools(imported)).toEqual([]);
  });
});

describe('an MCP tool with an outputSchema', () => {
  const outputSchema = { type: 'object', properties: { temperature: { type: 'number' }, conditions: { type: 'string' } }, required: ['temperature', 'conditions'] };
  const list = JSON.stringify({
    tools: [
      { name: 'get_weather_data', description: 'Weather for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, outputSchema },
      { name: 'broken_output', inputSchema: { type: 'object', properties: {} }, outputSchema: { type: 'string' } },
    ],
  });

  it('keeps it: the module declares it and a person answers the calls until execute is written', async () => {
    const imported = importOk(list);
    expect(imported.tools[0]?.outputSchema).toEqual(outputSchema);
    expect(imported.tools[1]).not.toHaveProperty('outputSchema');
    expect(imported.notes).toEqual([
      '/tools/1/outputSchema: left out: an output schema is a JSON Schema of type "object", got type "string".',
    ]);
    const compiled = await compileToolModule(imported.source);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.tools[0]).toMatchObject({ name: 'get_weather_data', hasOutputSchema: true, outputParameters: outputSchema, hasExecute: false });
    expect(compiled.tools[1]).toMatchObject({ name: 'broken_output', hasExecute: true });
  });
});
