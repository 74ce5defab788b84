import type { FaultKind } from '../model-config';
import { countModelTurns, type SynchronousEmbeddedModel, type EmbeddedOutput, type EmbeddedRequest } from './embedded-model';
import { generateArguments } from './arguments/generate-arguments';
import { ALL_FAULT_KINDS, decideFault, injectFault, type ProposedCall } from './inject-fault';
import { extractKeywords, selectRelevantTools } from './rank-tools';
import {
  buildArgumentHints,
  readCurrentTurn,
  readKnownFunctions,
  readToolSearchOffer,
  TOOL_SEARCH_FUNCTION,
  type ConversationRound,
  type KnownFunction,
} from './read-conversation';
import { createSeededRandom } from './seeded-random';

export type AutoModelOptions = { seed?: number; faults?: { rate: number; kinds?: FaultKind[] } };

/** Faults the model corrects once, as a real model would after reading the runtime's rejection. */
const RETRIED_FAULTS: readonly FaultKind[] = ['invalid-arguments', 'unknown-tool'];
const MAX_CALLS = 3;

/**
 * A deterministic stand-in for an LLM. It calls the tools relevant to the last user message
 * with generated, schema-valid arguments (searching first when they are deferred), optionally
 * injects faults at a seeded rate, retries once after a rejected fault, and then answers with
 * a short summary citing the tool outputs.
 */
export function createAutoModel(options: AutoModelOptions = {}): SynchronousEmbeddedModel {
  const seed = options.seed ?? 0;
  const rate = options.faults?.rate ?? 0;
  const kinds = options.faults?.kinds ?? ALL_FAULT_KINDS;
  const faultsAt = (iteration: number, index: number) => decideFault(createSeededRandom(seed, 'fault', iteration, index), rate, kinds);

  return {
    kind: 'auto',
    seed,
    respond(request) {
      const turn = readCurrentTurn(request.input);
      if (!turn) return [{ type: 'message', text: 'Hello. Ask me to do something with the offered tools.' }];
      const iteration = countModelTurns(request.input);
      const callRounds = turn.rounds.filter((round) => round.kind === 'calls');
      const searched = turn.rounds.some((round) => round.kind === 'search');
      const firstRound = callRounds[0];
      if (!firstRound) return planCalls({ request, message: turn.message, iteration, seed, searched, faultsAt });
      if (callRounds.length === 1 && hadRetriedFault(firstRound, faultsAt)) {
        return planCalls({ request, message: turn.message, iteration, seed, searched: true, faultsAt: () => undefined });
      }
      return [{ type: 'message', text: summarizeRound(callRounds.at(-1) ?? firstRound) }];
    },
  };
}

type PlanOptions = {
  request: EmbeddedRequest;
  message: string;
  iteration: number;
  seed: number;
  /** A search already ran this turn: call the tools now, loaded or not. */
  searched: boolean;
  faultsAt: (iteration: number, index: number) => FaultKind | undefined;
};

function planCalls(options: PlanOptions): EmbeddedOutput[] {
  const { request, message, iteration } = options;
  const functions = readKnownFunctions(request.tools, request.input);
  const limit = request.parallelToolCalls ? MAX_CALLS : 1;
  const selected = selectRelevantTools(message, functions, limit);
  if (selected.length === 0) return [{ type: 'message', text: describeNoTool(message, functions) }];

  const searchOffer = readToolSearchOffer(request.tools);
  if (!options.searched && searchOffer && selected.some(({ tool }) => tool.deferred)) {
    const query = extractKeywords(message) || message;
    if (searchOffer === 'hosted-shape') return [{ type: 'tool_search_call', arguments: { query } }];
    return [{ type: 'function_call', name: TOOL_SEARCH_FUNCTION, arguments: JSON.stringify({ query }) }];
  }

  const keywords = extractKeywords(message);
  const outputs: EmbeddedOutput[] = [];
  for (const [index, { tool, clause }] of selected.entries()) {
    const { value: args, clamps } = generateArguments(tool.parameters, {
      random: createSeededRandom(options.seed, 'arguments', iteration, index),
      hints: buildArgumentHints(clause, message, extractKeywords(clause) || keywords),
    });
    const call: ProposedCall = { name: tool.name, ...(tool.namespace ? { namespace: tool.namespace } : {}), arguments: JSON.stringify(args) };
    const fault = options.faultsAt(iteration, index);
    const calls = fault
      ? injectFault({
          kind: fault,
          call,
          args,
          required: readRequired(tool),
          offeredNames: functions.map((fn) => fn.name),
          random: createSeededRandom(options.seed, 'fault-shape', iteration, index),
        })
      : [call];
    for (const proposed of calls) outputs.push({ type: 'function_call', ...proposed, ...(clamps.length > 0 ? { notes: clamps } : {}) });
  }
  return outputs;
}

/** Replays the fault decisions of a past round against the calls it actually holds. */
function hadRetriedFault(round: ConversationRound, faultsAt: PlanOptions['faultsAt']): boolean {
  let consumed = 0;
  for (let index = 0; consumed < round.calls.length && index < MAX_CALLS; index += 1) {
    const fault = faultsAt(round.iteration, index);
    if (fault && RETRIED_FAULTS.includes(fault)) return true;
    consumed += fault === 'duplicate-call' ? 2 : 1;
  }
  return false;
}

function summarizeRound(round: ConversationRound): string {
  const lines = round.calls.map((call) => {
    const output = round.outputs.get(call.call_id);
    const name = call.namespace ? `${call.namespace}.${call.name}` : call.name;
    return output === undefined ? `${name} returned nothing.` : `${name} returned: "${truncate(output.replace(/\s+/g, ' '), 160)}"`;
  });
  return lines.length > 0 ? lines.join('\n') : 'Done.';
}

function describeNoTool(message: string, functions: readonly KnownFunction[]): string {
  const quoted = `"${truncate(message, 80)}"`;
  if (functions.length === 0) return `No tools are offered, so I can only answer in text. You said: ${quoted}.`;
  const names = functions.map((fn) => (fn.namespace ? `${fn.namespace}.${fn.name}` : fn.name));
  return `None of the offered tools fits ${quoted}. Offered: ${names.join(', ')}.`;
}

function readRequired(tool: KnownFunction): string[] {
  const required = tool.parameters.required;
  return Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : [];
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
