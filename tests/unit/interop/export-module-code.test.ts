import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  approvalGatePreset,
  parallelAndSequentialPreset,
  strictModePitfallsPreset,
  taskSubmitResultPreset,
  toolSearchCatalogSource,
} from '@/lib/presets';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { CONTEXT_MODULE, SINGLE_TOOL_MODULE, TRICKY_MODULE, trickyEcho } from './export-module-fixtures';
import { loadModuleExport, TYPESCRIPT_FORMATS, type TypeScriptFormat } from './export-test-support';

beforeAll(async () => {
  await prewarmSandboxPool();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Strict exports send the strictified schema: the model sends null for a field it leaves out. */
function omitted(format: TypeScriptFormat): { value?: null } {
  return format === 'tanstack-ai' ? {} : { value: null };
}

describe.each(TYPESCRIPT_FORMATS)('%s export with the module source', (format) => {
  it("runs the preset's execute: ctx.files and ctx.log work, results are the user's", async () => {
    const loaded = await loadModuleExport(parallelAndSequentialPreset.source, format);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    loaded.files.write('notes/monday.md', 'Shipped the parser.');
    await expect(loaded.execute('read_file', { args: { path: 'notes/monday.md' } })).resolves.toBe('Shipped the parser.');
    expect(log).toHaveBeenCalledWith('[read_file]', 'open notes/monday.md');
    await expect(loaded.execute('write_file', { args: { path: 'summary.md', text: '# Week' } })).resolves.toBe('Wrote 6 characters to summary.md.');
    await expect(loaded.execute('read_file', { args: { path: 'summary.md' } })).resolves.toBe('# Week');
    await expect(loaded.execute('read_file', { args: { path: 'missing.md' } })).resolves.toBe('No such file: missing.md');
    expect(loaded.files.list()).toEqual(['notes/monday.md', 'summary.md']);
  });

  it('returns JSON results as the execute returns them', async () => {
    const loaded = await loadModuleExport(taskSubmitResultPreset.source, format);
    await expect(loaded.execute('lookup_order', { args: { order_id: 'A-1001' } })).resolves.toEqual({ order_id: 'A-1001', status: 'shipped', items: 3, total_cents: 4599 });
  });

  it("builds ctx from the SDK's call: its call id and abort signal, the tool's timeout", async () => {
    const loaded = await loadModuleExport(CONTEXT_MODULE, format);
    await expect(loaded.execute('inspect_context', { args: {}, callId: 'call_123' })).resolves.toEqual({ callId: 'call_123', timeoutMs: 5000, aborted: false });
    const controller = new AbortController();
    controller.abort();
    const aborted = (await loaded.execute('inspect_context', { args: {}, callId: 'call_124', signal: controller.signal })) as { aborted: boolean };
    expect(aborted.aborted).toBe(true);
  });

  it('unwraps a ToolReturn to its content, returns null for nothing, and stubs a tool a person answers', async () => {
    const loaded = await loadModuleExport(CONTEXT_MODULE, format);
    await expect(loaded.execute('greet', { args: { name: 'Ada', punctuation: '?' } })).resolves.toBe('Hello, Ada?');
    loaded.files.write('draft.md', 'x');
    await expect(loaded.execute('forget', { args: { path: 'draft.md' } })).resolves.toBeNull();
    expect(loaded.files.list()).toEqual([]);
    await expect(loaded.execute('desk.ask_person', { args: { question: 'Ship it?' } })).resolves.toEqual({
      note: 'In the playground a person answers desk.ask_person by hand; implement it here.',
      input: { question: 'Ship it?' },
    });
  });

  it("applies the Zod schema's defaults, after dropping the nulls strict mode asks for", async () => {
    const loaded = await loadModuleExport(CONTEXT_MODULE, format);
    const punctuation = omitted(format);
    await expect(loaded.execute('greet', { args: { name: 'Ada', ...('value' in punctuation ? { punctuation: punctuation.value } : {}) } })).resolves.toBe('Hello, Ada!');
    const pitfalls = await loadModuleExport(strictModePitfallsPreset.source, format);
    const note = omitted(format);
    await expect(pitfalls.execute('create_reminder', { args: { text: 'Pay rent', ...('value' in note ? { note: note.value } : {}) } })).resolves.toBe('Reminder set: Pay rent');
    await expect(pitfalls.execute('create_reminder', { args: { text: 'Pay rent', note: 'by Friday' } })).resolves.toBe('Reminder set: Pay rent (by Friday)');
    const priority = omitted(format);
    await expect(pitfalls.execute('set_priority', { args: { task: 'Pay rent', ...('value' in priority ? { priority: priority.value } : {}) } })).resolves.toBe('Pay rent is now normal priority.');
    await expect(
      pitfalls.execute('notify', { args: { message: 'Rent is due', channel: { kind: 'sms', phone: '555-0100' } } }),
    ).resolves.toBe('Texted 555-0100');
  });

  it('rejects arguments the Zod schema rejects, as the playground does', async () => {
    const loaded = await loadModuleExport(parallelAndSequentialPreset.source, format);
    const outcome = loaded.execute('read_file', { args: { path: 42 } }).then(
      (value) => String(value),
      (error: unknown) => String(error),
    );
    // The Agents SDK turns a tool's error into a model-visible message; the others reject.
    await expect(outcome).resolves.toMatch(/Invalid arguments for read_file: path: /);
  });

  it('skips strings, templates, regular expressions and comments when finding imports and the default export', async () => {
    const loaded = await loadModuleExport(TRICKY_MODULE, format);
    await expect(loaded.execute('echo', { args: { text: 'hi' }, callId: 'call_7' })).resolves.toBe(trickyEcho('call_7', 'hi'));
    expect(loaded.artifact.text).toContain("const banner = \"export default 'not me'\";");
  });

  it('takes a single default-exported tool whose binding shares a name with an SDK import', async () => {
    const loaded = await loadModuleExport(SINGLE_TOOL_MODULE, format);
    await expect(loaded.execute('jsonSchema', { args: { n: 21 } })).resolves.toEqual({ doubled: 42 });
  });

  it('finds namespaced tools by their qualified name', async () => {
    const loaded = await loadModuleExport(toolSearchCatalogSource, format);
    await expect(loaded.execute('crm.lookup_account', { args: { accountId: 'ACC-1042' } })).resolves.toMatchObject({ accountId: 'ACC-1042', company: 'Northwind Traders' });
    await expect(loaded.execute('weather.current_conditions', { args: { city: 'Lisbon' } })).resolves.toBeDefined();
  });
});

describe.each(['vercel-ai-sdk', 'openai-agents-sdk'] as const)('%s approval', (format) => {
  it("asks the module's needsApproval predicate per call", async () => {
    const loaded = await loadModuleExport(approvalGatePreset.source, format);
    const ask = loaded.needsApproval!;
    await expect(ask('send_email', { to: 'auditor@elsewhere.org', subject: 'Done', body: 'Removed.' })).resolves.toBe(true);
    await expect(ask('send_email', { to: 'team@example.com', subject: 'Done', body: 'Removed.' })).resolves.toBe(false);
  });
});
