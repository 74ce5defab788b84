// Server-only: runs one turn for a route handler and streams its events as SSE.
import { randomBytes } from 'node:crypto';
import { createForkClient } from '@/lib/models/server';
import { chooseGeminiSchema, planAnthropicSchema } from '@/lib/interop';
import { createModelClient, type ModelEnvironment } from '@/lib/models/server';
import { listMcpSecrets, removeMcpSecrets, removeModelSecrets, type FinishedTurn, type McpTape, type TapeEntry, type TurnRequest } from '@/lib/contract';
import { createMcpTapeRecorder } from '@/lib/mcp';
import {
  type ConversationItem,
  readConversation,
  runTurn,
  type TurnOutcome,
  type TurnEnding,
  type JsonSchema,
  CURRENT_TOOL_SEARCH_VERSION,
  ok,
  type ElicitationHandler,
  type ElicitationReply,
} from '@/lib/runtime';
import { createPooledAutoModel, createPooledResultValidator, createPooledTokenCount, getSandboxPool } from '@/lib/sandbox/pool';
import { admitTurn, type RateLimitRefusal, getSharedLimits } from '../admission';
import { createTokenCounter } from './count-tokens-cached';
import type { TurnEventFeed } from './create-turn-event-feed';
import { serveTurnRun } from './serve-turn-run';
import { addMcpTools } from './add-mcp-tools';
import { startTurnSandbox } from './open-turn-sandbox';
import { hashTurnControlToken } from './registry/turn-control';
import { getTurnRegistry } from './registry/turn-registry';
import { noteTurnAdmitted, waitForTurnStep } from './wait-for-turn-step';

export type StreamTurnResult =
  /** `events` is running already: attach a sink (the direct route) or read `toEventStream(events)`. */
  | { ok: true; turnId: string; controlToken: string; events: TurnEventFeed }
  | { ok: false; status: number; error: string; details?: unknown; refusal?: never }
  /** Refused by a concurrency limit: answer with `respondTooManyRequests(refusal)`. */
  | { ok: false; status: 429; error: string; refusal: RateLimitRefusal; details?: never };

export type StreamTurnOptions = {
  request: TurnRequest;
  /** Whom the turn counts against under the per-address concurrency limit: the requester's address. */
  clientId: string;
  env: ModelEnvironment;
  /** Approvals recorded in a session, answered without asking (replay). */
  recordedApprovals?: Map<string, { approved: boolean; reason?: string }>;
  /** The answer to every approval not recorded (an evaluation's runs, where no person answers). */
  standingApproval?: { approved: boolean; reason: string };
  /** Hand-typed outputs recorded in a session, answered without asking (replay). */
  recordedOutputs?: Map<string, string>;
  /** Answers to servers' questions recorded in a session, by elicitation id (replay): given, nobody is asked, and a question it lacks is not answered. */
  recordedElicitations?: Map<string, ElicitationReply>;
  /** A fork: the recorded turn's tape answers while requests match it, then the request's model (`createForkClient`). */
  forkTape?: readonly TapeEntry[];
  /** A recorded turn's MCP side (replay): server calls are answered from it, without connecting. */
  mcpTape?: McpTape;
  /**
   * A forked turn's MCP side: the servers are connected again (with the request's headers, the
   * tab's), and a call the recording made with the same arguments is answered from it; a server
   * that cannot be reached ends the fork as `mcp-server-unavailable`, naming it and why.
   */
  mcpForkTape?: McpTape;
  /** Events the turn may stream before it is stopped; `TURN_LIMITS.eventsPerTurn` unless given. */
  maxEvents?: number;
  onFinished?: (turn: FinishedTurn) => void | Promise<void>;
};


export function createTurnId(): string {
  return `turn_${randomBytes(12).toString('base64url')}`;
}

/**
 * Starts a turn when the concurrency limits admit it and answers with its stream at once: the
 * request is checked, a worker is picked for its sandbox and the turn registered before anything
 * waits, so `turn-start` goes out while the module is still being evaluated (`sandbox-ready` or
 * `sandbox-error` follows). Its slot is held from admission until the turn registered.
 */
export function streamTurn(options: StreamTurnOptions): Promise<StreamTurnResult> {
  return startWhenAdmitted(options.clientId, (turnId) => startTurn(turnId, options));
}

/**
 * Runs `start` (with the id its turn must take) holding one of `clientId`'s concurrency slots
 * (this process's, and with DATABASE_URL a lease on the slots all instances share, named after
 * the turn and held until it ends), or answers 429 when there is none.
 */
export async function startWhenAdmitted(clientId: string, start: (turnId: string) => StreamTurnResult): Promise<StreamTurnResult> {
  const registry = getTurnRegistry();
  const admission = admitTurn({ registry, clientId });
  if (!admission.ok) return { ok: false, status: 429, error: admission.error.message, refusal: admission.error };
  try {
    const turnId = createTurnId();
    const slots = getSharedLimits()?.turnSlots;
    const shared = await (slots?.acquire(clientId, { id: turnId, requestYield: (yielded, reason) => registry.requestYield(yielded, reason) }) ?? ok(() => undefined));
    if (!shared.ok) return { ok: false, status: 429, error: shared.error.message, refusal: shared.error };
    noteTurnAdmitted();
    let started: StreamTurnResult | undefined;
    try {
      started = start(turnId);
    } finally {
      if (started?.ok) {
        registry.whenEnded(turnId, shared.value);
        if (slots) registry.whenWaitingChanges(turnId, (waitingSince) => slots.noteWaiting(turnId, waitingSince));
      } else shared.value();
    }
    return started;
  } finally {
    admission.value();
  }
}

function startTurn(turnId: string, options: StreamTurnOptions): StreamTurnResult {
  const { request, clientId } = options;
  const registry = getTurnRegistry();
  if (request.mode === 'task' && !request.resultSchema) {
    return { ok: false, status: 400, error: 'Task mode needs a resultSchema.' };
  }
  const pool = getSandboxPool();
  // Recorded with the turn, so its replay ranks searches the same way whatever is current then.
  const toolSearch = request.toolSearch ?? CURRENT_TOOL_SEARCH_VERSION;
  const tape: TapeEntry[] = [];
  const approvals: FinishedTurn['approvals'] = [];
  const outputs: FinishedTurn['outputs'] = [];
  const elicitations: NonNullable<FinishedTurn['elicitations']> = [];
  const secrets = listTurnSecrets(request, options.env);
  const onExchange = (entry: TapeEntry) => tape.push(entry);
  const live = createModelClient(request.model, { env: options.env, onExchange, createAutoModel: (autoOptions) => createPooledAutoModel(pool, autoOptions), chooseGeminiSchema, anthropicJudge: planAnthropicSchema });
  const model = options.forkTape ? createForkClient({ tape: options.forkTape, live, onExchange, chooseGeminiSchema, anthropicJudge: planAnthropicSchema }) : live;
  const overrides = new Map((request.overrideOutputs ?? []).map((entry) => [entry.callId, entry.output]));
  const input: ConversationItem[] = request.messages.map((message) => ({ type: 'message', role: message.role, content: message.content }));
  // The schema already read the conversation (a 400 otherwise), so this cannot fail here.
  const history = request.conversation ? readConversation(request.conversation) : undefined;
  const continued = (request.conversation?.length ?? 0) > 0;
  // Last, so that nothing after it can fail before the stream owns the sandbox.
  const opened = startTurnSandbox(pool, request);
  if (!opened.ok) return { ok: false, ...opened.error };
  const mcp = createMcpTapeRecorder(secrets);
  const sandbox = ok(addMcpTools(opened.value, { servers: request.mcpServers, pool, recorder: mcp, recorded: options.mcpTape, forkOf: options.mcpForkTape, canAsk: true }));
  const { controlToken, events } = serveTurnRun({
    turnId,
    clientId,
    kind: 'turn',
    sandbox: sandbox.value,
    maxEvents: options.maxEvents,
    extras: { tape, mcp: () => mcp.tape() },
    run: ({ send, signal, waits }) =>
      runTurn({
        tools: () => waits.openTools(sandbox.value.openTools),
        ...(sandbox.value.toolChanges ? { toolChanges: sandbox.value.toolChanges } : {}),
        model,
        input,
        carriedIn: {
          history: history?.ok ? history.value : [],
          loadedTools: request.loadedTools,
          files: continued ? Object.keys(request.files ?? {}) : [],
        },
        request: {
          instructions: request.instructions,
          modelSettings: request.modelSettings,
          toolSearchVersion: toolSearch,
          mode: request.mode,
          resultSchema: request.resultSchema as JsonSchema | undefined,
          maxIterations: request.maxIterations,
        },
        policy: {
          answerByHand: request.answerByHand,
          forkedCalls: [...overrides.keys()],
          permissions: request.permissions,
          requestApproval: async (approval) => {
            const recorded = options.recordedApprovals?.get(approval.callId) ?? options.standingApproval;
            const decision = recorded ?? (await waits.during(() => registry.awaitApproval(turnId, approval.callId, approval.signal)));
            approvals.push({ callId: approval.callId, approved: decision.approved, ...(decision.reason ? { reason: decision.reason } : {}) });
            return decision;
          },
          requestOutput: async (asked) => {
            const recorded = overrides.get(asked.callId) ?? options.recordedOutputs?.get(asked.callId);
            const output = recorded ?? (await waits.during(() => registry.awaitOutput(turnId, asked.callId, asked.signal)));
            if (output !== null) outputs.push({ callId: asked.callId, output });
            return output;
          },
          requestElicitation: answerQuestions(turnId, options.recordedElicitations, elicitations),
        },
        host: {
          turnId,
          readFiles: () => sandbox.value.files(),
          validateResult: request.resultSchema ? createPooledResultValidator(pool, request.resultSchema as JsonSchema) : undefined,
          signal,
          secrets,
          countTokens: createTokenCounter(createPooledTokenCount(pool)),
          awaitStep: waitForTurnStep,
          onEvent: send,
        },
      }),
    afterRun: async (outcome, sent) => {
      if (!options.onFinished) return;
      await waitForTurnStep();
      await options.onFinished({
        turnId,
        request: { ...request, toolSearch, model: removeModelSecrets(request.model), ...(request.mcpServers ? { mcpServers: removeMcpSecrets(request.mcpServers) } : {}) },
        tape,
        ...(mcp.tape() ? { mcp: mcp.tape() } : {}),
        approvals,
        outputs,
        ...(elicitations.length > 0 ? { elicitations } : {}),
        events: [...sent],
        outcome: endingOf(outcome),
        controlTokenHash: hashTurnControlToken(controlToken),
      });
    },
  });
  return { ok: true, turnId, controlToken, events };
}

/** What no event, tape or stored turn may show: the typed key, the server's keys and the MCP servers' header values. */
function listTurnSecrets(request: TurnRequest, env: ModelEnvironment): string[] {
  const typedKey = request.model.provider === 'openai' || request.model.provider === 'openai-compatible' || request.model.provider === 'gemini' || request.model.provider === 'anthropic' ? request.model.apiKey : undefined;
  return [typedKey, env.OPENAI_API_KEY, env.GEMINI_API_KEY, env.ANTHROPIC_API_KEY, ...listMcpSecrets(request.mcpServers)].filter((value): value is string => typeof value === 'string' && value !== '');
}

/**
 * Answers a server's question from the session's answers when given (replay: nobody is asked), else
 * with the answer its recording holds (a fork's recorded call), else through the registry; keeps
 * each answer for the session, so the turn's own replay answers it alike.
 */
function answerQuestions(turnId: string, recorded: Map<string, ElicitationReply> | undefined, kept: NonNullable<FinishedTurn['elicitations']>): ElicitationHandler {
  return async (asked) => {
    const reply = recorded ? (recorded.get(asked.elicitationId) ?? null) : (asked.recorded ?? (await getTurnRegistry().awaitElicitation(turnId, asked)));
    if (reply) kept.push({ elicitationId: asked.elicitationId, ...reply } as (typeof kept)[number]);
    return reply;
  };
}

/** How the turn ended, without what it produced. */
function endingOf({ turnId: _turnId, iterations: _iterations, conversation: _conversation, events: _events, ...ending }: TurnOutcome): TurnEnding {
  return ending;
}
