import { expect } from 'vitest';
import type { Tool, ToolContext } from '@/lib/runtime';
import { createSandboxTurn, type SandboxTurn, type SandboxTurnOptions } from '@/lib/sandbox/turn/create-sandbox-turn';

export const HEADER = `import { z } from 'zod';\nimport { defineTool } from 'playground';\n`;

/** A module with one tool per entry: `name: 'execute body'` over `z.object({}).passthrough()`. */
export function moduleOf(bodies: Record<string, string>, options = ''): string {
  const tools = Object.entries(bodies).map(
    ([name, body]) => `  defineTool({ name: '${name}', description: '${name}', schema: z.object({}).passthrough(), ${options} execute: async (args: any, ctx) => { ${body} } }),`,
  );
  return `${HEADER}export default [\n${tools.join('\n')}\n];\n`;
}

export async function openTurn(options: SandboxTurnOptions): Promise<SandboxTurn> {
  const turn = await createSandboxTurn(options);
  if (!turn.ok) throw new Error(`${turn.error.message} ${JSON.stringify(turn.error.diagnostics)}`);
  return turn.value;
}

export type RecordedLog = { callId: string; message: string };

/** A ToolContext that records logs into `logs`, in the order they arrived. */
export function contextFor(callId: string, logs: RecordedLog[] = [], overrides: Partial<ToolContext> = {}): ToolContext {
  return { callId, signal: new AbortController().signal, timeoutMs: 2000, log: (_level, message) => logs.push({ callId, message }), ...overrides };
}

export function toolNamed(turn: SandboxTurn, name: string): Tool {
  const tool = turn.tools.find((candidate) => candidate.name === name);
  expect(tool, name).toBeDefined();
  return tool as Tool;
}
