import type { ModelError } from '@/lib/runtime';

/** A tool its provider would reject in every form the compatibility matrix knows, and why. */
export type UnsendableTool = { name: string; reason: string };

/**
 * The turn's answer when a provider would reject one of its tools however it was sent: nothing
 * goes out (a request the provider refuses costs a round trip and says less), and the model
 * error names each tool with the matrix's reason and what to do. The API is named, not the
 * server: the rules are the API's, whoever serves it.
 */
export function refuseUnsendableTools(api: 'Anthropic' | 'Gemini', tools: readonly UnsendableTool[]): ModelError {
  const listed = tools.map((tool) => `${tool.name}: ${tool.reason}`).join(' ');
  const count = tools.length === 1 ? 'a tool' : `${tools.length} tools`;
  return {
    code: 'request-failed',
    message: `Not sent: ${api}'s API would reject ${count} in any form the playground can send. ${listed} Change the schema (the tool card shows what ${api} accepts), leave the tool out, or choose another provider.`,
  };
}
