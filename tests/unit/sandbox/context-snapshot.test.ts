import { describe, expect, it } from 'vitest';
import { captureContextSnapshot, isRecyclable, resetSandboxContext, restoreSandboxContext } from '@/lib/sandbox/quickjs/context-snapshot';
import { acquireSandboxContext, loadInstance, prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { createInertBindings, type SandboxContext } from '@/lib/sandbox/quickjs/sandbox-context';
import { evaluateToolModule } from '@/lib/sandbox/compile/evaluate-tool-module';
import { transpileModule } from '@/lib/sandbox/compile/transpile-module';
import { createTurnEngine } from '@/lib/sandbox/turn/create-turn-engine';
import { createSandboxTool } from '@/lib/sandbox/compile/sandbox-tool';
import { loadZodBundle } from '@/lib/sandbox/quickjs/zod-bundle';
import { contextFor, HEADER, openTurn, toolNamed } from './sandbox-test-helpers';

/** Each call counts up a top-level counter and pollutes a prototype: state a fresh context must not see. */
const STATEFUL = `${HEADER}let calls = 0;
export default [
  defineTool({ name: 'count', description: 'Counts.', schema: z.object({}), execute: () => {
    calls += 1;
    const seenBefore = (Object.prototype as any).marker === true;
    (Object.prototype as any).marker = true;
    (globalThis as any).leaked = ((globalThis as any).leaked ?? 0) + 1;
    return { calls, seenBefore, leaked: (globalThis as any).leaked, random: Math.random() };
  } }),
];
`;

/** STATEFUL, and a tool that sleeps before it counts: what a turn ended mid-sleep would leave behind. */
const STATEFUL_SLEEPER = STATEFUL.replace(
  'export default [',
  `export default [
  defineTool({ name: 'later', description: 'Counts after a sleep.', schema: z.object({}), execute: async (_args, ctx) => {
    await ctx.sleep(40);
    calls += 1;
    (globalThis as any).leaked = ((globalThis as any).leaked ?? 0) + 1;
    return { calls, seenBefore: (Object.prototype as any).marker === true, leaked: (globalThis as any).leaked };
  } }),`,
);

const bindings = createInertBindings(() => ({ cpuEndsAt: Date.now() + 4000, wallEndsAt: Number.POSITIVE_INFINITY }));

async function describeModule(context: SandboxContext, source: string) {
  const transpiled = await transpileModule(source);
  if (!transpiled.ok) throw new Error('does not transpile');
  context.bind(bindings);
  return evaluateToolModule(context, source, transpiled.value).compiled;
}

describe('contexts copied from a snapshot', () => {
  it('describe a module exactly as a context warmed in full', async () => {
    const { snapshot, context: original } = await captureContextSnapshot(loadInstance, await loadZodBundle());
    const copy = await restoreSandboxContext(snapshot, loadInstance);
    const source = `${HEADER}export default [defineTool({ name: 'pick', description: 'Pick one.', schema: z.object({ id: z.string().min(1), mode: z.enum(['a', 'b']).optional() }), execute: () => 1 })];\n`;
    expect(await describeModule(copy, source)).toEqual(await describeModule(original, source));
    original.dispose();
    copy.dispose();
  });

  it('start from the snapshot, never from another copy: globals, prototypes and counters are fresh per turn', async () => {
    await prewarmSandboxPool();
    const answers = [];
    for (let turnIndex = 0; turnIndex < 3; turnIndex += 1) {
      const turn = await openTurn({ source: STATEFUL, seed: 7 });
      const first = await toolNamed(turn, 'count').execute({}, contextFor('c1'));
      const second = await toolNamed(turn, 'count').execute({}, contextFor('c2'));
      answers.push([first, second]);
      turn.dispose();
    }
    for (const [first, second] of answers) {
      expect(first).toMatchObject({ ok: true, value: { content: { calls: 1, seenBefore: false, leaked: 1 } } });
      expect(second).toMatchObject({ ok: true, value: { content: { calls: 2, seenBefore: true, leaked: 2 } } });
    }
    // The same seed gives every copy the same random sequence.
    expect(new Set(answers.map(([first]) => JSON.stringify(first)))).toHaveProperty('size', 1);
  });

  it("serve the next turn from a used turn's instance reset to the snapshot: its counter, prototypes, random sequence and a sleep pending at its end do not carry over", async () => {
    await prewarmSandboxPool();
    const transpiled = await transpileModule(STATEFUL_SLEEPER);
    if (!transpiled.ok) throw new Error('does not transpile');
    const runTurn = async (disposeWhileSleeping: boolean) => {
      const context = await acquireSandboxContext();
      const engine = createTurnEngine(context, {}, 4000);
      expect(engine.callHook('configure', [7, 0])).toMatchObject({ ok: true });
      const evaluated = evaluateToolModule(context, STATEFUL_SLEEPER, transpiled.value);
      engine.finishEvaluation();
      const [later, count] = evaluated.tools.map((tool) => createSandboxTool(tool, engine));
      const first = await count!.execute({}, contextFor('c1'));
      const second = await count!.execute({}, contextFor('c2'));
      const sleeping = later!.execute({}, contextFor('c3'));
      if (disposeWhileSleeping) engine.dispose();
      const slept = await sleeping;
      engine.dispose();
      return { instance: context.instance, first, second, slept };
    };
    const used = await runTurn(true);
    const next = await runTurn(false);
    // The same WebAssembly instance served both turns.
    expect(next.instance?.memory).toBe(used.instance?.memory);
    expect(used.slept).toEqual({ ok: false, error: { code: 'aborted', message: 'The sandbox turn was disposed.' } });
    // The first turn's sleep would have bumped the counter to 4 on waking; the next turn never sees it.
    await new Promise((resolve) => setTimeout(resolve, 80));
    for (const turn of [used, next]) {
      expect(turn.first).toMatchObject({ ok: true, value: { content: { calls: 1, seenBefore: false, leaked: 1 } } });
      expect(turn.second).toMatchObject({ ok: true, value: { content: { calls: 2, seenBefore: true, leaked: 2 } } });
    }
    expect(next.slept).toMatchObject({ ok: true, value: { content: { calls: 3, seenBefore: true, leaked: 3 } } });
    expect(JSON.stringify(next.first)).toBe(JSON.stringify(used.first));
  });

  it('refuse to restore into an instance whose host references do not line up', async () => {
    const { snapshot, context } = await captureContextSnapshot(loadInstance, await loadZodBundle());
    context.dispose();
    await expect(restoreSandboxContext({ ...snapshot, hostRefIds: snapshot.hostRefIds.map((id) => id + 1) }, loadInstance)).rejects.toThrow(/host function sleep/);
  });

  it('are unusable once disposed', async () => {
    const { snapshot, context } = await captureContextSnapshot(loadInstance, await loadZodBundle());
    context.dispose();
    const copy = await restoreSandboxContext(snapshot, loadInstance);
    copy.bind(bindings);
    expect(copy.call('configure', [1, 0])).toMatchObject({ ok: true });
    copy.dispose();
    expect(copy.alive).toBe(false);
    expect(copy.call('configure', [1, 0])).toMatchObject({ ok: false, error: { kind: 'threw', message: 'The sandbox context was disposed.' } });
  });

  it('reset to the snapshot in place: a used instance gives the next module fresh globals, prototypes and memory', async () => {
    const { snapshot, context: original } = await captureContextSnapshot(loadInstance, await loadZodBundle());
    const used = await restoreSandboxContext(snapshot, loadInstance);
    const polluting = `${HEADER}Object.defineProperty(Object.prototype, 'marker', { value: 'seen', enumerable: false }); (globalThis as any).leaked = 'yes'; (z as any).patched = true;
const keep: string[] = []; for (let index = 0; index < 2000; index += 1) keep.push('x'.repeat(100) + index);
(globalThis as any).keep = keep;
export default [defineTool({ name: 'dirty', description: 'Dirties.', schema: z.object({}), execute: () => 1 })];\n`;
    const dirtied = await describeModule(used, polluting);
    expect(dirtied.diagnostics).toEqual([]);
    expect(dirtied.tools).toHaveLength(1);
    expect(isRecyclable(snapshot, used)).toBe(true);
    const reset = resetSandboxContext(snapshot, used);
    expect(used.alive).toBe(false);
    expect(reset.instance?.memory).toBe(used.instance?.memory);
    const probing = `${HEADER}const seen = [String((Object.prototype as any).marker), String((globalThis as any).leaked), String((z as any).patched), String((globalThis as any).keep)].join(',');
export default [defineTool({ name: 'probe', description: seen, schema: z.object({ id: z.string().min(1) }), execute: () => 1 })];\n`;
    const described = await describeModule(reset, probing);
    expect(described.tools[0]?.description).toBe('undefined,undefined,undefined,undefined');
    expect(described).toEqual(await describeModule(original, probing));
    reset.dispose();
    original.dispose();
  });

  it('are not reset when their memory grew past the snapshot, or when they were not copied from one', async () => {
    const { snapshot, context: original } = await captureContextSnapshot(loadInstance, await loadZodBundle());
    expect(isRecyclable(snapshot, original)).toBe(false);
    const grown = await restoreSandboxContext(snapshot, loadInstance);
    const hungry = `${HEADER}(globalThis as any).big = new Uint8Array(24 * 1024 * 1024).fill(1);
export default [defineTool({ name: 'big', description: 'Big.', schema: z.object({}), execute: () => 1 })];\n`;
    await describeModule(grown, hungry);
    expect(grown.instance!.memory.buffer.byteLength).toBeGreaterThan(snapshot.image.length);
    expect(isRecyclable(snapshot, grown)).toBe(false);
    expect(() => resetSandboxContext(snapshot, grown)).toThrow(/cannot be reset/);
    grown.dispose();
    original.dispose();
  });
});
