import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, runTurn, type RunTurnOptions, type TurnOutcome, type RuntimeEvent } from '@/lib/runtime';
import { drainSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { createSandboxTurn } from '@/lib/sandbox/turn/create-sandbox-turn';
import { createScriptedTestModel, userMessage } from '@/lib/runtime/testing';
import { countActiveTimers, expectNoLeakedTimers, settleMicrotasks } from './count-active-timers';

type ToolOutput = Extract<RuntimeEvent, { type: 'tool-output' }>;

const TEN_MEGABYTES = 10 * 1024 * 1024;

/** One iteration calling `name` once, then a closing text: the turn must get past the fault. */
async function runOneCall(options: Omit<RunTurnOptions, 'model' | 'input'> & { name: string }): Promise<{ outcome: TurnOutcome; output: ToolOutput }> {
  const { client } = createScriptedTestModel([{ calls: [{ name: options.name, arguments: '{}' }] }, { text: 'Recovered.' }]);
  const outcome = await runTurn({ ...options, model: client, input: [userMessage(`Call ${options.name}.`)] });
  const output = outcome.events.find((event): event is ToolOutput => event.type === 'tool-output');
  if (!output) throw new Error(`no tool-output event in ${outcome.events.map((event) => event.type).join(', ')}`);
  expect(outcome.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed', finalText: 'Recovered.' });
  expect(outcome.events.map((event) => event.seq)).toEqual(outcome.events.map((_, index) => index));
  return { outcome, output };
}

const empty = z.object({});

describe('host tool faults end as visible events', () => {
  expectNoLeakedTimers();

  it('a tool that hangs times out at its deadline', async () => {
    const hang = defineTool({ name: 'hang', description: 'Never returns.', schema: empty, timeoutMs: 50, execute: () => new Promise(() => undefined) });
    const { output } = await runOneCall({ tools: [hang], name: 'hang' });
    expect(output).toMatchObject({ status: 'timeout', output: 'Error: hang timed out after 50 ms.' });
  });

  it('a tool that throws reports the message to the model', async () => {
    const boom = defineTool({
      name: 'boom',
      description: 'Throws.',
      schema: empty,
      execute: () => {
        throw new Error('disk on fire');
      },
    });
    const { output } = await runOneCall({ tools: [boom], name: 'boom' });
    expect(output.status).toBe('error');
    expect(output.output).toContain('disk on fire');
  });

  it('a tool that throws a non-Error value is still described', async () => {
    const odd = defineTool({
      name: 'odd',
      description: 'Throws a plain object.',
      schema: empty,
      execute: () => Promise.reject({ reason: 'plain object' }),
    });
    const { output } = await runOneCall({ tools: [odd], name: 'odd' });
    expect(output.status).toBe('error');
    expect(output.output).toContain('plain object');
  });

  it('a tool that returns 10 MB is capped before the model sees it', async () => {
    const flood = defineTool({ name: 'flood', description: 'Returns 10 MB.', schema: empty, execute: () => 'x'.repeat(TEN_MEGABYTES) });
    const { output, outcome } = await runOneCall({ tools: [flood], name: 'flood' });
    expect(output.status).toBe('success');
    expect(output.output.length).toBeLessThan(TEN_MEGABYTES / 10);
    expect(output.output).toMatch(/truncated/);
    const sent = outcome.conversation.find((item) => item.type === 'function_call_output');
    expect(sent?.type === 'function_call_output' && sent.output.length).toBe(output.output.length);
  });

  it('a tool that returns a circular value reports it as not JSON', async () => {
    const circular = defineTool({
      name: 'circular',
      description: 'Returns a cycle.',
      schema: empty,
      execute: () => {
        const value: { self?: unknown } = {};
        value.self = value;
        return value;
      },
    });
    const { output } = await runOneCall({ tools: [circular], name: 'circular' });
    expect(output.status).toBe('error');
    expect(output.output).toMatch(/not JSON/);
  });

  it('an approval that never comes is denied at the approval deadline', async () => {
    const guarded = defineTool({ name: 'guarded', description: 'Needs a human.', schema: empty, needsApproval: true, execute: () => 'ran' });
    const { output, outcome } = await runOneCall({
      tools: [guarded],
      name: 'guarded',
      policy: { approvalTimeoutMs: 50, requestApproval: () => new Promise(() => undefined) },
    });
    expect(outcome.events.map((event) => event.type)).toContain('tool-approval-request');
    expect(outcome.events.find((event) => event.type === 'tool-approval-response')).toMatchObject({ approved: false, decidedBy: 'timeout' });
    expect(output.status).toBe('denied');
    expect(output.output).toContain('no approval arrived within 50 ms');
  });

  it('aborting while a call hangs ends the turn as aborted, with the call aborted', async () => {
    const hang = defineTool({ name: 'hang', description: 'Never returns.', schema: empty, execute: () => new Promise(() => undefined) });
    const { client } = createScriptedTestModel([{ calls: [{ name: 'hang', arguments: '{}' }] }]);
    const controller = new AbortController();
    const outcome = await runTurn({
      tools: [hang],
      model: client,
      input: [userMessage('Call hang.')],
      host: {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'tool-call-start') setTimeout(() => controller.abort('the client disconnected'), 10);
        },
      },
    });
    expect(outcome.events.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'aborted' });
    expect(outcome.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'aborted' });
  });
});

const sandboxSource = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({ name: 'spin', description: 'Loops forever.', schema: z.object({}), timeoutMs: 200, execute: () => { while (true) {} } }),
  defineTool({ name: 'stall', description: 'Awaits forever.', schema: z.object({}), timeoutMs: 100, execute: () => new Promise(() => {}) }),
  defineTool({ name: 'flood', description: 'Returns 10 MB.', schema: z.object({}), execute: () => 'x'.repeat(${TEN_MEGABYTES}) }),
  defineTool({ name: 'boom', description: 'Throws.', schema: z.object({}), execute: () => { throw new Error('sandboxed failure'); } }),
];
`;

describe('sandboxed tool faults end as visible events', () => {
  afterAll(() => {
    drainSandboxPool();
  });

  async function runSandboxed(name: string): Promise<ToolOutput> {
    const sandbox = await createSandboxTurn({ source: sandboxSource, seed: 1, clockStart: 0 });
    if (!sandbox.ok) throw new Error(`${sandbox.error.message} ${JSON.stringify(sandbox.error.diagnostics)}`);
    let output: ToolOutput | undefined;
    try {
      output = (await runOneCall({ tools: sandbox.value.tools, name })).output;
    } finally {
      // Disposing must succeed whatever the tool did: the server disposes every turn's sandbox.
      expect(() => sandbox.value.dispose(), `disposing the sandbox after ${name} (output: ${output?.output.slice(0, 120)})`).not.toThrow();
    }
    return output;
  }

  it('an infinite loop is interrupted at the deadline', async () => {
    const output = await runSandboxed('spin');
    expect(output.status).toBe('timeout');
  });

  it('a promise that never settles times out', async () => {
    const output = await runSandboxed('stall');
    expect(output.status).toBe('timeout');
  });

  it('a 10 MB result is refused with the limit, or hits the memory cap, without crashing the host', async () => {
    const output = await runSandboxed('flood');
    expect(output.status).toBe('error');
    expect(output.output).toMatch(/limit|memory|1 MB/i);
  });

  it('a throw inside the sandbox reaches the model as an error', async () => {
    const output = await runSandboxed('boom');
    expect(output.status).toBe('error');
    expect(output.output).toContain('sandboxed failure');
  });

  it('leaves no timers behind once the turns are disposed and the pool drained', async () => {
    const before = countActiveTimers();
    await runSandboxed('stall');
    drainSandboxPool();
    await settleMicrotasks();
    expect(countActiveTimers()).toBeLessThanOrEqual(before);
  });
});
