import { describe, expect, it } from 'vitest';
import { compareRuns } from '@/lib/compare';
import type { RuntimeEvent } from '@/lib/runtime';
import { buildTurnEvents, weatherTurn, type FixtureCall, type FixtureTurn } from '@/lib/runtime/testing';

const run = (...turns: FixtureTurn[]): RuntimeEvent[][] => turns.map(buildTurnEvents);

describe('compareRuns', () => {
  it('finds no divergence between runs that differ only in ids and times', () => {
    const a = run(weatherTurn({ idPrefix: 'first' }));
    const b = run(weatherTurn({ idPrefix: 'second' })).map((events) => events.map((event) => ({ ...event, at: event.at * 3 })));
    const comparison = compareRuns(a, b);
    expect(comparison.firstDivergence).toBeNull();
    expect(comparison.turnCount).toEqual({ a: 1, b: 1 });
    expect(comparison.turns[0]).toMatchObject({ presence: 'both', diverges: false, start: [], end: [] });
    expect(comparison.turns[0]?.iterations.map((iteration) => iteration.calls.map((call) => call.kind))).toEqual([['matched'], ['matched', 'matched'], []]);
    expect(comparison.turns[0]?.iterations[1]?.calls[0]).toMatchObject({ a: { callId: 'first_call_2_0' }, b: { callId: 'second_call_2_0' }, differences: [] });
    expect(JSON.parse(JSON.stringify(comparison))).toStrictEqual(comparison);
  });

  it('reports a changed argument at its path, with a sentence, as the first divergence', () => {
    const comparison = compareRuns(run(weatherTurn()), run(weatherTurn({ city: 'Osaka' })));
    expect(comparison.firstDivergence).toEqual({
      turnIndex: 0,
      iteration: 2,
      callIndex: 0,
      field: 'arguments.city',
      sentence: 'Turn 1, iteration 2: call 1 `get_weather` arguments differ at city: "Paris" → "Osaka"',
    });
    const weather = comparison.turns[0]?.iterations[1]?.calls[0];
    expect(weather?.differences).toEqual([
      { field: 'arguments', diff: { kind: 'json', changes: [{ kind: 'changed', path: ['city'], a: 'Paris', b: 'Osaka' }], truncated: 0 } },
      { field: 'output', diff: { kind: 'json', changes: [{ kind: 'changed', path: ['city'], a: 'Paris', b: 'Osaka' }], truncated: 0 } },
    ]);
    const note = comparison.turns[0]?.iterations[1]?.calls[1]?.differences?.map((difference) => difference.field);
    expect(note).toEqual(['arguments']);
    expect(comparison.turns[0]?.iterations[0]?.diverges).toBe(false);
    expect(JSON.parse(JSON.stringify(comparison))).toStrictEqual(comparison);
  });

  it('does not count spacing or key order in JSON arguments', () => {
    const spaced = buildTurnEvents(weatherTurn()).map((event): RuntimeEvent =>
      event.type === 'model-response' ? { ...event, calls: event.calls.map((call) => ({ ...call, arguments: JSON.stringify(JSON.parse(call.arguments), Object.keys(JSON.parse(call.arguments)).reverse(), 2) })) } : event,
    );
    expect(compareRuns(run(weatherTurn()), [spaced]).firstDivergence).toBeNull();
  });

  it('reports a call only the second run made as an insertion, and the rest still matched', () => {
    const base = weatherTurn();
    const withExtra: FixtureTurn = {
      ...base,
      steps: base.steps.map((step, index) =>
        index === 1 ? { calls: [step.calls![0]!, { name: 'get_time', arguments: { zone: 'Asia/Tokyo' } }, step.calls![1]!] } : step,
      ),
    };
    const comparison = compareRuns(run(base), run(withExtra), { labels: { a: 'recorded', b: 'forked' } });
    expect(comparison.turns[0]?.iterations[1]?.calls.map((call) => [call.kind, call.name])).toEqual([
      ['matched', 'get_weather'],
      ['inserted', 'get_time'],
      ['matched', 'write_note'],
    ]);
    expect(comparison.turns[0]?.iterations[1]?.calls[2]?.differences).toEqual([]);
    expect(comparison.firstDivergence).toEqual({ turnIndex: 0, iteration: 2, callIndex: 1, field: 'call', sentence: 'Turn 1, iteration 2: call 2 `get_time` only in forked' });
  });

  it('reports a call only the first run made as a deletion', () => {
    const base = weatherTurn();
    const withoutNote: FixtureTurn = { ...base, steps: base.steps.map((step, index) => (index === 1 ? { calls: [step.calls![0]!] } : step)) };
    const comparison = compareRuns(run(base), run(withoutNote));
    expect(comparison.turns[0]?.iterations[1]?.calls.map((call) => [call.kind, call.name])).toEqual([
      ['matched', 'get_weather'],
      ['deleted', 'write_note'],
    ]);
    expect(comparison.firstDivergence?.sentence).toBe('Turn 1, iteration 2: call 2 `write_note` only in A');
  });

  it('matches a reordered parallel batch by name, whatever order it completed in', () => {
    const batch = (order: string[]): FixtureTurn => ({
      steps: [{ calls: order.map((city) => ({ name: `weather_${city}`, arguments: { city }, output: `${city}: clear` })) }, { text: 'All clear.' }],
    });
    const comparison = compareRuns(run(batch(['paris', 'osaka', 'lima'])), run({ ...batch(['lima', 'paris', 'osaka']), reverseCompletion: true, idPrefix: 'b' }));
    const calls = comparison.turns[0]?.iterations[0]?.calls ?? [];
    expect(calls.map((call) => [call.kind, call.name, call.moved])).toEqual([
      ['matched', 'weather_paris', false],
      ['matched', 'weather_osaka', false],
      ['matched', 'weather_lima', true],
    ]);
    expect(calls.every((call) => call.differences?.length === 0)).toBe(true);
    expect(comparison.firstDivergence).toBeNull();
  });

  it('counts a reordered sequential call as a divergence in order', () => {
    const calls = (names: string[]): FixtureTurn => ({ steps: [{ calls: names.map((name) => ({ name, arguments: {}, mode: 'sequential' as const })) }, { text: 'Done.' }] });
    const comparison = compareRuns(run(calls(['write_a', 'write_b'])), run(calls(['write_b', 'write_a'])));
    expect(comparison.firstDivergence).toMatchObject({ iteration: 1, field: 'order', sentence: 'Turn 1, iteration 1: call 2 `write_b` is proposed at position 2 in A, 1 in B' });
  });

  it('reports status and permission differences in words', () => {
    const denied = weatherTurn();
    denied.steps[1]!.calls![1] = { ...denied.steps[1]!.calls![1]!, decision: 'deny', status: 'denied', output: 'Error: write_note was denied.' };
    const comparison = compareRuns(run(weatherTurn()), run(denied));
    expect(comparison.turns[0]?.iterations[1]?.calls[1]?.differences?.map((difference) => difference.field)).toEqual(['permission', 'status', 'output']);
    expect(comparison.firstDivergence?.sentence).toBe('Turn 1, iteration 2: call 2 `write_note` permission differs: allow → deny');
  });

  it('reports a different final answer at the response and at the turn end', () => {
    const comparison = compareRuns(run(weatherTurn()), run(weatherTurn({ answer: 'It is 21 °C and cloudy in Paris.' })));
    expect(comparison.firstDivergence).toEqual({
      turnIndex: 0,
      iteration: 3,
      field: 'response.text',
      sentence: 'Turn 1, iteration 3: response text differs at character 19: `It is 21 °C and clear in Paris.` → `It is 21 °C and cloudy in Paris.`',
    });
    expect(comparison.turns[0]?.end).toEqual([
      { field: 'final-text', diff: { kind: 'text', offset: 18, line: 1, column: 19, a: { excerpt: 'It is 21 °C and clear in Paris.', length: 31 }, b: { excerpt: 'It is 21 °C and cloudy in Paris.', length: 32 } } },
    ]);
  });

  it('reports an extra iteration, and the iteration count at the turn end', () => {
    const base = weatherTurn();
    const shorter: FixtureTurn = { ...base, steps: [base.steps[0]!, { text: 'It is noon.' }] };
    const comparison = compareRuns(run(base), run(shorter));
    expect(comparison.turns[0]?.iterations.map((iteration) => iteration.presence)).toEqual(['both', 'both', 'a']);
    expect(comparison.turns[0]?.iterations[2]?.calls).toEqual([]);
    expect(comparison.turns[0]?.end).toContainEqual({ field: 'iterations', a: 3, b: 2 });
    expect(comparison.firstDivergence?.sentence).toBe('Turn 1, iteration 2: response text differs at character 1: nothing → `It is noon.`');
    expect(comparison.turns[0]?.iterations[1]?.calls.map((call) => call.kind)).toEqual(['deleted', 'deleted']);
  });

  it('reports a turn only one run has', () => {
    const comparison = compareRuns(run(weatherTurn()), run(weatherTurn(), weatherTurn({ city: 'Lima' })), { labels: { b: 'fork' } });
    expect(comparison.turnCount).toEqual({ a: 1, b: 2 });
    expect(comparison.turns[1]).toMatchObject({ presence: 'b', diverges: true, start: [], end: [] });
    expect(comparison.turns[1]?.iterations[1]?.calls.map((call) => call.kind)).toEqual(['inserted', 'inserted']);
    expect(comparison.firstDivergence).toEqual({ turnIndex: 1, field: 'turn', sentence: 'Turn 2 only in fork' });
  });

  it('reports timings and tokens but does not count them as divergence', () => {
    const slow = weatherTurn();
    slow.steps[0] = { ...slow.steps[0]!, durationMs: 2_000, usage: { inputTokens: 400, outputTokens: 90, totalTokens: 490 } };
    slow.steps[1]!.calls![0] = { ...slow.steps[1]!.calls![0]!, durationMs: 900 };
    const comparison = compareRuns(run(weatherTurn()), run(slow));
    expect(comparison.firstDivergence).toBeNull();
    const [first, second] = comparison.turns[0]!.iterations;
    expect(first?.response.timing).toEqual({ a: { durationMs: 300 }, b: { durationMs: 2_000 } });
    expect(first?.response.usage).toEqual({ a: { inputTokens: 100, outputTokens: 20, totalTokens: 120 }, b: { inputTokens: 400, outputTokens: 90, totalTokens: 490 } });
    expect(second?.calls[0]?.durationMs).toEqual({ a: 40, b: 900 });
    expect(second?.calls[1]?.durationMs).toBeUndefined();
    expect(comparison.totals.a).toMatchObject({ turns: 1, iterations: 3, calls: 3, totalTokens: 360, modelMs: 900, toolMs: 120 });
    expect(comparison.totals.b).toMatchObject({ totalTokens: 730, modelMs: 2_600, toolMs: 980 });
  });

  it('compares unparseable arguments and plain-text outputs as text', () => {
    const malformed = weatherTurn();
    malformed.steps[0]!.calls![0] = { ...malformed.steps[0]!.calls![0]!, arguments: "{'zone':'Europe/Paris'}" };
    const comparison = compareRuns(run(weatherTurn()), run(malformed));
    expect(comparison.turns[0]?.iterations[0]?.calls[0]?.differences).toEqual([
      { field: 'arguments', diff: { kind: 'text', offset: 1, line: 1, column: 2, a: { excerpt: '{"zone":"Europe/Paris"}', length: 23 }, b: { excerpt: "{'zone':'Europe/Paris'}", length: 23 } } },
    ]);
    expect(comparison.firstDivergence).toMatchObject({ field: 'arguments', sentence: "Turn 1, iteration 1: call 1 `get_time` arguments differ at character 2: `{\"zone\":\"Europe/Paris\"}` → `{'zone':'Europe/Paris'}`" });
  });

  it('stays bounded on a huge iteration: every call lined up, each diff capped with a count', () => {
    const huge = (shift: number, extra: boolean): FixtureTurn => {
      const calls = Array.from({ length: 2_000 }, (_, index): FixtureCall => ({ name: `tool_${index}`, arguments: { index }, output: `ok ${index}` }));
      calls[5] = { name: 'tool_5', arguments: { values: Array.from({ length: 1_000 }, (_, index) => index + shift) }, output: 'ok 5' };
      if (extra) calls.splice(1_500, 0, { name: 'tool_extra', arguments: { index: -1 }, output: 'ok' });
      return { steps: [{ calls }, { text: 'Done.' }] };
    };
    const started = performance.now();
    const comparison = compareRuns(run(huge(0, false)), run(huge(1, true)));
    expect(performance.now() - started).toBeLessThan(3_000);
    const calls = comparison.turns[0]?.iterations[0]?.calls ?? [];
    expect(calls).toHaveLength(2_001);
    expect(calls[1_500]).toMatchObject({ kind: 'inserted', name: 'tool_extra' });
    expect(calls.filter((call) => call.kind === 'matched' && call.differences.length > 0).map((call) => call.name)).toEqual(['tool_5']);
    const values = calls[5]?.differences?.[0];
    expect(values?.field === 'arguments' && values.diff.kind === 'json' ? [values.diff.changes.length, values.diff.truncated] : undefined).toEqual([200, 800]);
    expect(comparison.firstDivergence?.sentence).toBe('Turn 1, iteration 1: call 6 `tool_5` arguments differ at values[0]: 0 → 1 (and 999 more)');
  });

  it('reports a request that failed in one run as a different answer, and how the turn ended', () => {
    const events = buildTurnEvents(weatherTurn());
    const cut = events.findIndex((event) => event.type === 'model-response' && event.iteration === 2);
    const failed: RuntimeEvent[] = [
      ...events.slice(0, cut),
      { type: 'model-error', turnId: 'a_turn', seq: cut, at: 99, iteration: 2, code: 'request-failed', message: 'The provider answered 500.', status: 500 },
      { type: 'turn-end', turnId: 'a_turn', seq: cut + 1, at: 100, reason: 'error', error: 'The provider answered 500.', iterations: 2 },
    ];
    const comparison = compareRuns([events], [failed]);
    expect(comparison.turns[0]?.iterations[1]?.response.differences.map((difference) => difference.field)).toEqual(['kind', 'error']);
    expect(comparison.firstDivergence?.sentence).toBe('Turn 1, iteration 2: the request got a model response → a model error');
    expect(comparison.turns[0]?.end.map((difference) => difference.field)).toEqual(['reason', 'final-text', 'error', 'iterations']);
  });

  it('finds the divergence in a later turn of a session', () => {
    const comparison = compareRuns(run(weatherTurn(), weatherTurn({ city: 'Lima' })), run(weatherTurn(), weatherTurn({ city: 'Quito' })));
    expect(comparison.turns.map((turn) => turn.diverges)).toEqual([false, true]);
    expect(comparison.firstDivergence?.sentence).toBe('Turn 2, iteration 2: call 1 `get_weather` arguments differ at city: "Lima" → "Quito"');
  });
});

describe('compareRuns: model settings', () => {
  it('reports a changed tool_choice or temperature as a settings difference at the start of the turn', () => {
    const withSettings = (settings: object) =>
      run(weatherTurn()).map((events) => events.map((event) => (event.type === 'turn-start' ? { ...event, modelSettings: settings } : event)));
    const comparison = compareRuns(withSettings({ tool_choice: 'auto', temperature: 0.2 }), withSettings({ tool_choice: 'required', temperature: 0.2 }));
    expect(comparison.turns[0]?.start).toEqual([
      { field: 'settings', diff: expect.objectContaining({ changes: [{ kind: 'changed', path: ['modelSettings', 'tool_choice'], a: 'auto', b: 'required' }] }) },
    ]);
    expect(comparison.firstDivergence?.sentence).toContain('modelSettings.tool_choice');
    expect(compareRuns(withSettings({ temperature: 1 }), withSettings({ temperature: 1 })).firstDivergence).toBeNull();
  });
});
