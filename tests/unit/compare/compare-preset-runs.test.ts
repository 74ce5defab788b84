import { describe, expect, it } from 'vitest';
import { compareRuns } from '@/lib/compare';
import { autoModelFaultsPreset, parallelAndSequentialPreset, type Preset } from '@/lib/presets';
import { runTurnOnTape } from '@/lib/server/replay/run-turn-on-tape';
import { prepareSessionTurn } from '@/lib/sessions/record/session-record';
import { recordPresetTurn } from '../sessions/session-fixtures';

function withSeed(preset: Preset, seed: number): Preset {
  if (preset.model.provider !== 'auto') throw new Error(`${preset.id} does not run on the auto model.`);
  return { ...preset, model: { ...preset.model, seed } };
}

describe('compareRuns on real runs', () => {
  it('finds two runs of the auto model on the same seed identical, timings aside', async () => {
    const first = await recordPresetTurn(withSeed(autoModelFaultsPreset, 14));
    const second = await recordPresetTurn(withSeed(autoModelFaultsPreset, 14));
    const comparison = compareRuns([first.events], [second.events]);
    expect(comparison.firstDivergence).toBeNull();
    const durations = comparison.turns[0]!.iterations.flatMap((iteration) => iteration.calls.flatMap((call) => (call.durationMs ? [call.durationMs] : [])));
    expect(durations.length).toBeGreaterThan(0);
  });

  it('finds where two seeds of the auto model part: the arguments of its first call', async () => {
    const seeded14 = await recordPresetTurn(withSeed(autoModelFaultsPreset, 14));
    const seeded15 = await recordPresetTurn(withSeed(autoModelFaultsPreset, 15));
    const firstCall = (events: typeof seeded14.events) => events.find((event) => event.type === 'model-response')?.calls[0];
    // The seed picks the generated arguments (and the faults); the tool picked first stays the same.
    expect(firstCall(seeded14.events)?.name).toBe(firstCall(seeded15.events)?.name);
    expect(firstCall(seeded14.events)?.arguments).not.toBe(firstCall(seeded15.events)?.arguments);

    const comparison = compareRuns([seeded14.events], [seeded15.events], { labels: { a: 'seed 14', b: 'seed 15' } });
    expect(comparison.firstDivergence).toMatchObject({ turnIndex: 0, iteration: 1, callIndex: 0, field: expect.stringMatching(/^arguments/) });
    expect(comparison.firstDivergence?.sentence).toMatch(/^Turn 1, iteration 1: call 1 `search_docs` arguments differ/);
    expect(comparison.turns[0]?.diverges).toBe(true);
  });

  it('finds a replay on its tape identical to its recording', async () => {
    const recorded = await recordPresetTurn(parallelAndSequentialPreset);
    const turn = prepareSessionTurn(recorded);
    if (!turn.ok) throw new Error(turn.error);
    const replayed = await runTurnOnTape(turn.value);
    if (!replayed.ok) throw new Error(replayed.error);
    const comparison = compareRuns([recorded.events], [replayed.value], { labels: { a: 'recorded', b: 'replayed' } });
    expect(comparison.firstDivergence).toBeNull();
    expect(comparison.turns[0]?.iterations.some((iteration) => iteration.calls.length > 1)).toBe(true);
  });
});
