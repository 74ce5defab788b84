import { describe, expect, it } from 'vitest';
import { modelConfigSchema, scriptStepSchema, type RequestModelConfig } from '@/lib/contract';
import { PRESETS, findPreset } from '@/lib/presets';
import type { Preset } from '@/lib/presets';
import { reduceRuntimeEvents, type TimelineState } from '@/lib/runtime';
import { runPresetTurn } from '../support/run-preset-turn';

/** The tool names a preset module defines, read from its `name: '…'` fields. */
function definedToolNames(source: string): string[] {
  return [...source.matchAll(/^\s*name: '([a-zA-Z0-9_-]+)'/gm)].map((match) => match[1] as string);
}

/**
 * Runs a preset exactly as the run panel sends it, through the server's turn stream, and
 * reduces its events. `approve` answers approval requests by tool name.
 */
async function runPreset(preset: Preset, approve: (name: string) => boolean = () => false, model?: RequestModelConfig): Promise<TimelineState> {
  const events = await runPresetTurn(preset, { clientId: `presets-test-${preset.id}${model ? `-${model.provider}` : ''}`, decide: (name) => ({ approved: approve(name) }), model });
  return reduceRuntimeEvents(events);
}

function statusesOf(state: TimelineState, iteration: number): (string | undefined)[] {
  const callIds = state.iterations.find((candidate) => candidate.iteration === iteration)?.callIds ?? [];
  return callIds.map((id) => state.calls[id]?.output?.status);
}

function parseScript(preset: Preset) {
  return scriptStepSchema.array().parse(JSON.parse(preset.script ?? 'null'));
}

describe('PRESETS', () => {
  it('has the eight presets with unique kebab-case ids', () => {
    const ids = PRESETS.map((preset) => preset.id);
    expect(ids).toEqual([
      'parallel-and-sequential',
      'repair-ladder',
      'strict-mode-pitfalls',
      'approval-gate',
      'task-submit-result',
      'auto-model-faults',
      'tool-search-catalog',
      'tool-search-auto',
    ]);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(findPreset('approval-gate')?.permissionMode).toBe('review');
    expect(findPreset('nope')).toBeUndefined();
  });

  it.each(PRESETS.map((preset) => [preset.id, preset] as const))('%s is a complete module with a usable model', (_id, preset) => {
    expect(preset.title.length).toBeGreaterThan(0);
    expect(preset.summary.length).toBeGreaterThan(20);
    expect(preset.message.length).toBeGreaterThan(0);
    expect(preset.source).toContain("from 'playground'");
    expect(preset.source).toContain('export default [');
    expect(preset.source).not.toMatch(/\bany\b|TODO/);
    expect(definedToolNames(preset.source).length).toBeGreaterThan(0);
    if (preset.model.provider === 'scripted') {
      expect(modelConfigSchema.safeParse({ provider: 'scripted', script: parseScript(preset) }).success).toBe(true);
    } else {
      expect(preset.script).toBeUndefined();
      expect(modelConfigSchema.safeParse(preset.model).success).toBe(true);
    }
    if (preset.mode === 'task') {
      const schema: unknown = JSON.parse(preset.resultSchema ?? 'null');
      expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    } else {
      expect(preset.resultSchema).toBeUndefined();
    }
  });

  it('scripts call only tools their module defines (or the built-ins: submit_result in task mode, tool_search with deferred tools)', () => {
    for (const preset of PRESETS.filter((p) => p.model.provider === 'scripted')) {
      const known = new Set(definedToolNames(preset.source));
      if (preset.mode === 'task') known.add('submit_result');
      if (preset.source.includes('deferLoading: true')) known.add('tool_search');
      const called = parseScript(preset).flatMap((step) => (step.calls ?? []).map((call) => call.name));
      expect(called.length, preset.id).toBeGreaterThan(0);
      for (const name of called) expect(known, `${preset.id} calls ${name}`).toContain(name);
    }
  });

  it.each(PRESETS.map((preset) => [preset.id, preset] as const))('%s compiles in the sandbox and every strict tool can be sent', async (_id, preset) => {
    const { compileToolModule } = await import('@/lib/sandbox/compile/compile-tool-module');
    const { strictifySchema } = await import('@/lib/runtime');
    const compiled = await compileToolModule(preset.source);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.tools.map((tool) => tool.name)).toEqual(definedToolNames(preset.source));
    for (const tool of compiled.tools.filter((candidate) => candidate.strict)) {
      expect(strictifySchema(tool.parameters).ok, tool.name).toBe(true);
    }
  });

  it('strict-mode-pitfalls trips a strict rule with each strict tool and keeps the record non-strict', async () => {
    const { compileToolModule } = await import('@/lib/sandbox/compile/compile-tool-module');
    const { checkStrictSchema } = await import('@/lib/runtime');
    const compiled = await compileToolModule((findPreset('strict-mode-pitfalls') as Preset).source);
    const report = Object.fromEntries(compiled.tools.map((tool) => [tool.name, { strict: tool.strict, ok: checkStrictSchema(tool.parameters).ok }]));
    expect(report).toEqual({
      create_reminder: { strict: true, ok: false },
      notify: { strict: true, ok: false },
      set_priority: { strict: true, ok: false },
      tag_item: { strict: false, ok: false },
    });
  });

  describe('run as-is on the embedded model', () => {
    const find = (id: string) => findPreset(id) as Preset;

    it('parallel-and-sequential: every call succeeds and the last read sees the write', async () => {
      const state = await runPreset(find('parallel-and-sequential'));
      expect(state.end?.reason).toBe('completed');
      expect(statusesOf(state, 1)).toEqual(Array(5).fill('success'));
      expect(state.iterations[0]?.plan?.map((batch) => batch.mode)).toEqual(['parallel', 'sequential', 'parallel']);
      const lastRead = state.calls[state.iterations[0]?.callIds[4] ?? ''];
      expect(lastRead?.output?.output).toContain('# Summary');
    });

    it('repair-ladder: eight repaired calls, one refusal, then the retry', async () => {
      const state = await runPreset(find('repair-ladder'));
      expect(state.end?.reason).toBe('completed');
      expect(statusesOf(state, 1)).toEqual([...Array(8).fill('success'), 'rejected']);
      expect(statusesOf(state, 2)).toEqual(['success']);
    });

    it('strict-mode-pitfalls: every call succeeds and the null optional is dropped', async () => {
      const state = await runPreset(find('strict-mode-pitfalls'));
      expect(state.end?.reason).toBe('completed');
      expect(statusesOf(state, 1)).toEqual(Array(4).fill('success'));
      const reminder = Object.values(state.calls).find((call) => call.name === 'create_reminder');
      expect(reminder?.restoredInput).toEqual({ text: 'Pay rent' });
      expect(reminder?.output?.output).toBe('Reminder set: Pay rent');
    });

    it('approval-gate: the approved delete runs, the denied email does not', async () => {
      const state = await runPreset(find('approval-gate'), (name) => name === 'delete_file');
      expect(state.end?.reason).toBe('completed');
      expect(statusesOf(state, 1)).toEqual(['success', 'success', 'denied']);
    });

    it('task-submit-result: the invalid submission is rejected, the valid one is the result', async () => {
      const state = await runPreset(find('task-submit-result'));
      expect(state.end?.result).toEqual({ order_id: 'A-1001', status: 'shipped', total: 45.99 });
      expect([1, 2, 3].map((iteration) => statusesOf(state, iteration))).toEqual([['success'], ['rejected'], ['success']]);
    });

    it('auto-model-faults: the seeded faults end as repairs or rejections, and every call has an output', async () => {
      const state = await runPreset(find('auto-model-faults'));
      expect(state.end?.reason).toBe('completed');
      const calls = Object.values(state.calls);
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((call) => call.phase === 'done')).toBe(true);
      expect(statusesOf(state, 1)).toEqual(['rejected', 'success', 'success', 'success']);
      expect(statusesOf(state, 2)).toEqual(['success', 'success', 'success']);
      const [rejected, , , repaired] = (state.iterations[0]?.callIds ?? []).map((id) => state.calls[id]);
      expect(rejected).toMatchObject({ name: 'search_docs', inputError: { code: 'invalid-arguments' } });
      expect(rejected?.output?.output).toBe('Error: invalid arguments for search_docs:\n- /query: is required but missing\nFix these and call search_docs again.');
      expect(repaired).toMatchObject({ name: 'add_comment', output: { status: 'success', output: expect.stringMatching(/^Comment added to #\d+\.$/) } });
      expect(repaired?.repairs.map((step) => step.rung)).toEqual(['fix-syntax']);
      const retried = state.calls[state.iterations[1]?.callIds[0] ?? ''];
      expect(retried).toMatchObject({ name: 'search_docs', output: { status: 'success' } });
    });
  });

  describe('tool search presets', () => {
    const find = (id: string) => findPreset(id) as Preset;
    const namesOf = (state: TimelineState, iteration: number) =>
      (state.iterations.find((candidate) => candidate.iteration === iteration)?.callIds ?? []).map((id) => state.calls[id]?.name);

    it('the catalog has 40+ tools in 5+ namespaces, most deferred and a few always loaded', async () => {
      const { compileToolModule } = await import('@/lib/sandbox/compile/compile-tool-module');
      const compiled = await compileToolModule(find('tool-search-catalog').source);
      expect(compiled.diagnostics).toEqual([]);
      const namespaces = new Set(compiled.tools.map((tool) => tool.namespace));
      const deferred = compiled.tools.filter((tool) => tool.deferLoading);
      expect(compiled.tools.length).toBeGreaterThanOrEqual(40);
      expect(namespaces.size).toBeGreaterThanOrEqual(5);
      expect(namespaces.has(undefined)).toBe(false);
      expect(deferred.length / compiled.tools.length).toBeGreaterThan(0.8);
      expect(compiled.tools.length - deferred.length).toBeGreaterThanOrEqual(3);
      expect(find('tool-search-auto').source).toBe(find('tool-search-catalog').source);
    });

    it('tool-search-catalog: not loaded → search → two namespaced calls in parallel → answer', async () => {
      const state = await runPreset(find('tool-search-catalog'));
      expect(state.end?.reason).toBe('completed');
      expect(state.tools.filter((tool) => tool.deferred)).toHaveLength(37);
      expect(state.deferralNote).toBeUndefined();

      const early = state.calls[state.iterations[0]?.callIds[0] ?? ''];
      expect(early).toMatchObject({ name: 'crm.lookup_account', inputError: { code: 'not-loaded' }, output: { status: 'rejected' } });
      expect(early?.output?.output).toContain('Call tool_search first');

      const search = state.iterations[1]?.searches ?? [];
      expect(search).toHaveLength(1);
      expect(search[0]).toMatchObject({ query: 'lookup account and list invoices', execution: 'client' });
      expect(search[0]?.matches).toEqual(expect.arrayContaining(['crm.lookup_account', 'billing.list_invoices']));
      expect(state.calls[search[0]?.callId ?? '']?.output?.status).toBe('success');

      expect(namesOf(state, 3)).toEqual(['crm.lookup_account', 'billing.list_invoices']);
      expect(statusesOf(state, 3)).toEqual(['success', 'success']);
      expect(state.iterations[2]?.plan).toEqual([{ mode: 'parallel', callIds: state.iterations[2]?.callIds }]);
      expect(state.end?.finalText).toContain('INV-3391');

      // The context meter: search loads exactly its matches; every request sends less than everything.
      const requests = state.iterations.map((iteration) => iteration.request);
      expect(requests.map((request) => request?.deferredCount)).toEqual([37, 37, 32, 32]);
      expect([...(requests[2]?.newlyOffered ?? [])].sort()).toEqual([...(search[0]?.matches ?? [])].sort());
      for (const request of requests) expect(request?.toolTokens?.sent).toBeLessThan(request?.toolTokens?.allLoaded ?? 0);
      expect(requests[2]?.toolTokens?.sent).toBeGreaterThan(requests[1]?.toolTokens?.sent ?? Infinity);
      expect(state.toolTokens.requests).toBe(4);
      expect(state.toolTokens.sent).toBe(requests.reduce((sum, request) => sum + (request?.toolTokens?.sent ?? 0), 0));
      expect(state.toolTokens.sent / state.toolTokens.allLoaded).toBeLessThan(0.5);
    });

    it('tool-search-auto: the auto model searches on its own, then calls what it loaded', async () => {
      const state = await runPreset(find('tool-search-auto'));
      expect(state.end?.reason).toBe('completed');
      expect(state.iterations[0]?.searches[0]?.matches).toEqual(expect.arrayContaining(['weather.get_forecast', 'tickets.search_tickets']));
      expect(namesOf(state, 2)).toEqual(['weather.get_forecast', 'tickets.search_tickets']);
      expect(statusesOf(state, 2)).toEqual(['success', 'success']);
    });

    it.each([
      ['anthropic', 'server'],
      ['gemini', 'client'],
    ] as const)('tool-search-auto on %s\'s wire: the search (run by %s) loads the tools, then they are called', async (wire, execution) => {
      const preset = find('tool-search-auto');
      const state = await runPreset(preset, undefined, { provider: 'auto', seed: 7, wire });
      expect(state.end?.reason).toBe('completed');
      const [search] = state.iterations[0]?.searches ?? [];
      expect(search).toMatchObject({ execution });
      expect(search?.matches).toEqual(expect.arrayContaining(['weather.get_forecast', 'tickets.search_tickets']));
      const called = state.iterations.flatMap((iteration) => iteration.callIds.map((id) => state.calls[id]));
      expect(called.filter((call) => call?.output?.status === 'success').map((call) => call?.name)).toEqual(expect.arrayContaining(['weather.get_forecast', 'tickets.search_tickets']));
    });
  });

  it('parallel-and-sequential reads after its write, and the files it reads exist', () => {
    const preset = findPreset('parallel-and-sequential') as Preset;
    const calls = parseScript(preset)[0]?.calls ?? [];
    expect(calls.map((call) => call.name)).toEqual(['read_file', 'read_file', 'read_file', 'write_file', 'read_file']);
    for (const call of calls.slice(0, 3)) {
      const { path } = JSON.parse(call.arguments) as { path: string };
      expect(preset.files).toHaveProperty([path]);
    }
    expect(preset.source).toMatch(/ctx\.sleep\((4|5|6)0\)/);
  });

  it('repair-ladder stages every rung once plus a refusal, as raw strings', () => {
    const calls = parseScript(findPreset('repair-ladder') as Preset)[0]?.calls ?? [];
    const raw = calls.map((call) => call.arguments);
    expect(raw).toHaveLength(9);
    expect(raw[0]).toMatch(/^```json\n\{/);
    expect(raw[1]).toMatch(/^<arguments>\{.*\}<\/arguments>$/);
    expect(raw[2]).toMatch(/^Sure, .*\{.*\} Let me/);
    expect(JSON.parse(raw[3] as string)).toBeTypeOf('string');
    expect(raw[4]).toMatch(/,\}$/);
    expect(raw[5]).toContain("'city'");
    expect(raw[5]).toContain('True');
    expect(raw[6]).not.toMatch(/\}$/);
    expect(raw[7]).toBe('');
    expect(raw[8]).toMatch(/\}\{/);
    const parsesToObject = (text: string) => {
      try {
        const value: unknown = JSON.parse(text);
        return typeof value === 'object' && value !== null;
      } catch (error) {
        return !(error instanceof SyntaxError);
      }
    };
    expect(raw.filter(parsesToObject)).toEqual([]);
  });

  it('repair-ladder arguments climb the expected rungs of the real ladder', async () => {
    const { repairArguments } = await import('@/lib/runtime');
    const steps = parseScript(findPreset('repair-ladder') as Preset);
    const outcomes = (steps[0]?.calls ?? []).map((call) => repairArguments(call.arguments));
    const rungs = outcomes.map((outcome) => (outcome.ok ? outcome.repairs.map((step) => step.rung) : 'refused'));
    expect(rungs).toEqual([
      ['strip-code-fence'],
      ['strip-tag-wrapper'],
      ['extract-json-from-prose'],
      ['unwrap-double-encoded'],
      ['fix-syntax'],
      ['fix-syntax'],
      ['close-truncated'],
      ['empty-to-object'],
      'refused',
    ]);
    const retry = steps[1]?.calls?.[0];
    expect(retry && repairArguments(retry.arguments)).toMatchObject({ ok: true, repairs: [] });
  });

  it('task-submit-result submits an invalid result before a valid one', async () => {
    const preset = findPreset('task-submit-result') as Preset;
    const { createJsonSchemaValidator } = await import('@/lib/runtime');
    const validator = createJsonSchemaValidator(JSON.parse(preset.resultSchema as string));
    if (!validator.ok) throw new Error(validator.error);
    const submissions = parseScript(preset)
      .flatMap((step) => step.calls ?? [])
      .filter((call) => call.name === 'submit_result')
      .map((call) => validator.value(JSON.parse(call.arguments)));
    expect(submissions).toHaveLength(2);
    expect(submissions[0]?.length).toBeGreaterThan(0);
    expect(submissions[1]).toEqual([]);
  });

  it('auto-model-faults runs the seeded auto model at fault rate 0.5', () => {
    expect(findPreset('auto-model-faults')?.model).toEqual({ provider: 'auto', seed: 14, faults: { rate: 0.5 } });
  });
});
