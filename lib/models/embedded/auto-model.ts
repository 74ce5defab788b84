import { FROM_MESSAGE_NOTE, GENERATED_NOTE } from '@/lib/runtime';
import type { FaultKind } from '@/lib/contract';
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
  if (request.toolChoice === 'none') return [{ type: 'message', text: `Answering without tools, as tool_choice is none. You said: "${truncate(message, 80)}".` }];
  const selected = selectForChoice(request, message, functions);
  const searchOffer = readToolSearchOffer(request.tools);
  // A search offered as a function means deferred tools the request does not show (Gemini's wire
  // declares them only once a search loaded them): the model looks for them once before calling.
  const hiddenDeferred = searchOffer === 'function';
  if (!options.searched && searchOffer && (hiddenDeferred || selected.some(({ tool }) => tool.deferred))) {
    const query = extractKeywords(message) || message;
    if (searchOffer === 'hosted-shape') return [{ type: 'tool_search_call', arguments: { query } }];
    return [{ type: 'function_call', name: TOOL_SEARCH_FUNCTION, arguments: JSON.stringify({ query }) }];
  }
  if (selected.length === 0) return [{ type: 'message', text: describeNoTool(message, functions) }];

  const keywords = extractKeywords(message);
  const outputs: EmbeddedOutput[] = [];
  for (const [index, { tool, clause }] of selected.entries()) {
    const { value: args, clamps, taken } = generateArguments(tool.parameters, {
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
    const generated = listGenerated(args, taken);
    const notes = [
      ...(taken.length > 0 ? [`${FROM_MESSAGE_NOTE}${taken.join(', ')}`] : []),
      ...(generated.length > 0 ? [`${GENERATED_NOTE}${generated.join(', ')}`] : []),
      ...clamps,
    ];
    for (const proposed of calls) outputs.push({ type: 'function_call', ...proposed, ...(notes.length > 0 ? { notes } : {}) });
  }
  return outputs;
}

/**
 * The tools to call as `tool_choice` says: the named one, the relevant ones, and under
 * `required` the first offered tool when none is relevant.
 */
function selectForChoice(request: EmbeddedRequest, message: string, functions: KnownFunction[]): { tool: KnownFunction; clause: string }[] {
  const choice = request.toolChoice;
  if (typeof choice === 'object') {
    const named = functions.find((fn) => fn.name === choice.name && fn.namespace === choice.namespace);
    return named ? [{ tool: named, clause: message }] : [];
  }
  const selected = selectRelevantTools(message, functions, request.parallelToolCalls ? MAX_CALLS : 1);
  if (selected.length > 0 || choice !== 'required') return selected;
  const fallback = functions.find((fn) => !fn.deferred) ?? functions[0];
  return fallback ? [{ tool: fallback, clause: message }] : [];
}

/** The top-level arguments no value of the message filled (`taken` entries read `/key = value`). */
function listGenerated(args: unknown, taken: readonly string[]): string[] {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return [];
  const fromMessage = new Set(taken.map((entry) => entry.split(' = ')[0]?.split('/')[1]));
  return Object.keys(args)
    .filter((key) => !fromMessage.has(key.replace(/~/g, '~0').replace(/\//g, '~1')))
    .map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
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

/**
 * The final answer: one sentence over the round's outputs, each told by what it holds (an
 * object's first fields, a list's length, a text's opening, a failure's reason) rather than echoed.
 */
function summarizeRound(round: ConversationRound): string {
  const parts = round.calls.map((call) => {
    const output = round.outputs.get(call.call_id);
    const name = call.namespace ? `${call.namespace}.${call.name}` : call.name;
    return `${name} ${output === undefined ? 'returned nothing' : describeOutput(output)}`;
  });
  if (parts.length === 0) return 'Done.';
  return parts.length === 1 ? `${parts[0]}.` : `I called ${parts.length} tools: ${parts.join('; ')}.`;
}

const MAX_SUMMARY_FIELDS = 3;

function describeOutput(output: string): string {
  const text = output.replace(/\s+/g, ' ').trim();
  if (/^error\b/i.test(text)) return `failed: ${truncate(text.replace(/^error:?\s*/i, ''), 120)}`;
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return text === '' ? 'returned an empty text' : `returned "${truncate(text, 120)}"`;
  }
  if (Array.isArray(value)) return `returned ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).filter(([, field]) => field === null || typeof field !== 'object');
    if (fields.length === 0) return `returned an object with ${Object.keys(value).length} field${Object.keys(value).length === 1 ? '' : 's'}`;
    const shown = fields.slice(0, MAX_SUMMARY_FIELDS).map(([key, field]) => `${key} ${typeof field === 'string' ? `"${truncate(field, 60)}"` : String(field)}`);
    return `reported ${shown.join(', ')}${fields.length > MAX_SUMMARY_FIELDS ? ` and ${fields.length - MAX_SUMMARY_FIELDS} more` : ''}`;
  }
  return `returned ${typeof value === 'string' ? `"${truncate(value, 120)}"` : String(value)}`;
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
