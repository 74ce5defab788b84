// Entry point of a sandbox worker thread (bundled to .generated/sandbox-worker.mjs). Everything
// whose cost a visitor controls runs here: compiling modules, every tool hook and execution,
// validation against user schemas, and the auto model's argument generation.
import { parentPort, workerData } from 'node:worker_threads';
import { createAutoModel } from '@/lib/models/embedded';
import { type JsonSchema, type JsonValue, type Tool, type ToolMetadata, type ValidationIssue, validationFailure, createJsonSchemaValidator, resolveSentParameters } from '@/lib/runtime';
import { describeCompileAnswer, parseScannedBody, SESSION_LIMITS } from '@/lib/contract';
import { describeMcpTools, type McpListedTool } from '@/lib/mcp';
import { REQUEST_BODY_SCHEMAS } from '../pool/request-body-schemas';
import { prepareStoredSession, prepareStoredTurn } from '@/lib/sessions';
import { useStoredSessionText } from '@/lib/replay';
import { convertTraceText } from '@/lib/traces';
import { compileToolModule } from '../compile/compile-tool-module';
import { prewarmSandboxPool } from '../quickjs/context-pool';
import { setProgressReporter } from '../compile/report-progress';
import { createSandboxTurn, type SandboxTurn } from '../turn/create-sandbox-turn';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_SLOTS, type SentParametersQuestion, type WorkerAnswers, type WorkerMessage, type WorkerRequest } from '../pool/worker-protocol';
import { threadCpuClock } from '../quickjs/vm-deadline';
import { createHeldReplays } from './held-replays';
import { lowerThreadPriority } from './lower-thread-priority';

const port = parentPort;
if (!port) throw new Error('sandbox-worker must run in a worker thread.');

type OpenTurn = { turn: SandboxTurn; syncedVersion: number };
const turns = new Map<string, OpenTurn>();
const executions = new Map<number, AbortController>();
// A replay of a 5 MB record holds its parsed record here between turns; a turn on its tape takes at most its wall budget.
const replays = createHeldReplays({ maxHeld: SESSION_LIMITS.replaysPerWorker, idleMs: SESSION_LIMITS.replayIdleMs });

const post = (message: WorkerMessage) => port.postMessage(message);
// The pool reads these clocks directly, so a busy HTTP thread never mistakes its own stall for ours.
const heartbeat = new BigInt64Array((workerData as { heartbeat: SharedArrayBuffer }).heartbeat);
const cpuClock = threadCpuClock();
const beat = () => {
  Atomics.store(heartbeat, HEARTBEAT_SLOTS.wallMs, BigInt(Date.now()));
  if (cpuClock.measuresCpu) Atomics.store(heartbeat, HEARTBEAT_SLOTS.cpuMicroseconds, BigInt(Math.round(cpuClock.now() * 1000)));
};
beat();
if (cpuClock.measuresCpu && cpuClock.threadId !== undefined) Atomics.store(heartbeat, HEARTBEAT_SLOTS.threadId, BigInt(cpuClock.threadId));
// Routing, first events and health probes on the HTTP thread come before tool work.
lowerThreadPriority(cpuClock.threadId);
setInterval(beat, HEARTBEAT_INTERVAL_MS);
setProgressReporter(beat);
void prewarmSandboxPool()
  .catch((error: unknown) => console.error('Could not warm the sandbox pool:', error))
  .finally(() => post({ kind: 'ready' }));

port.on('message', (request: WorkerRequest) => {
  answer(request).then(
    (value) => post({ kind: 'answer', id: request.id, value }),
    (error: unknown) => post({ kind: 'failure', id: request.id, message: error instanceof Error ? error.message : String(error) }),
  );
});

async function answer(request: WorkerRequest): Promise<WorkerAnswers[WorkerRequest['kind']]> {
  switch (request.kind) {
    case 'compile': {
      const compiled = await compileToolModule(request.source);
      beat();
      return describeCompileAnswer(compiled.tools, compiled.diagnostics);
    }
    case 'open-turn': {
      const opened = await createSandboxTurn(request.turn);
      if (!opened.ok) return opened;
      turns.get(request.turnKey)?.turn.dispose();
      turns.set(request.turnKey, { turn: opened.value, syncedVersion: opened.value.filesVersion() });
      return { ok: true, value: { tools: opened.value.tools.map(toMetadata), activityHooks: opened.value.activityHooks } };
    }
    case 'hook':
      return runHook(openTurn(request.turnKey), request);
    case 'execute': {
      const open = openTurn(request.turnKey);
      const controller = new AbortController();
      executions.set(request.id, controller);
      try {
        const result = await toolAt(open.turn, request.tool).execute(request.args, {
          callId: request.callId,
          signal: controller.signal,
          timeoutMs: request.timeoutMs,
          log: (level, message) => post({ kind: 'log', id: request.id, level, message }),
        });
        const version = open.turn.filesVersion();
        if (version === open.syncedVersion) return { result };
        open.syncedVersion = version;
        return { result, files: open.turn.files() };
      } finally {
        executions.delete(request.id);
      }
    }
    case 'abort-call':
      executions.get(request.callRequest)?.abort('aborted');
      return null;
    case 'close-turn': {
      const open = turns.get(request.turnKey);
      turns.delete(request.turnKey);
      const files = open?.turn.files() ?? {};
      open?.turn.dispose();
      return { files };
    }
    case 'auto-respond':
      return createAutoModel(request.options).respond(request.request);
    case 'validate-result':
      return validateResult(request.schema, request.value);
    case 'prepare-sessions':
      // One after the other, each with a budget of its own.
      return request.inputs.map((input) => prepareStoredSession(input, startCheckBudget()));
    case 'prepare-turn':
      return prepareStoredTurn(request.turn, request.secrets);
    case 'parse-body':
      return parseScannedBody<unknown>(request.text, REQUEST_BODY_SCHEMAS[request.name]);
    case 'describe-mcp-tools': {
      const described = describeMcpTools(JSON.parse(request.toolsJson) as McpListedTool[], request.options);
      beat();
      return new TextEncoder().encode(JSON.stringify(described));
    }
    case 'resolve-sent-parameters': {
      const questions = JSON.parse(request.toolsJson) as SentParametersQuestion[];
      return JSON.stringify(
        questions.map((tool) => {
          beat();
          return resolveSentParameters(tool);
        }),
      );
    }
    case 'count-tokens': {
      // Loaded on first use (~35 MB of tables): most workers never count.
      const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
      return countTokens(request.text);
    }
    case 'use-session':
      return useStoredSessionText(request.use);
    case 'convert-trace':
      return convertTraceText(request.conversion);
    case 'open-replay':
      return replays.open(request.replayKey, request.session);
    case 'advance-replay':
      return replays.advance(request.replayKey, request.replayed);
    case 'close-replay':
      replays.close(request.replayKey);
      return null;
  }
}

async function runHook(open: OpenTurn, request: Extract<WorkerRequest, { kind: 'hook' }>): Promise<WorkerAnswers['hook']> {
  const tool = toolAt(open.turn, request.tool);
  const [first, second] = request.args as [JsonValue, JsonValue];
  switch (request.method) {
    case 'validateArguments':
      return { method: request.method, result: await tool.validateArguments(first) };
    case 'evaluateNeedsApproval':
      return { method: request.method, result: await tool.evaluateNeedsApproval(first) };
    case 'validateOutput':
      return { method: request.method, result: await tool.validateOutput(first) };
    case 'describeActivity':
      return { method: request.method, result: await tool.describeActivity(first) };
    case 'describeCompletedActivity':
      return { method: request.method, result: await tool.describeCompletedActivity(first, second) };
  }
}

/** A record check's budget from now: beats between the check's steps, and stops it once it has had its CPU (or wall) budget. */
function startCheckBudget(): () => boolean {
  const started = cpuClock.now();
  const startedAt = Date.now();
  return () => {
    beat();
    return cpuClock.now() - started <= SESSION_LIMITS.checkBudgetMs && Date.now() - startedAt <= SESSION_LIMITS.checkWallMs;
  };
}

/** Task mode's result schema is compiled (and cached) by the one Ajv wrapper, as on the HTTP thread. */
function validateResult(schema: JsonSchema, value: JsonValue): ValidationIssue[] {
  const created = createJsonSchemaValidator(schema);
  return created.ok ? created.value(value) : [validationFailure(created.error)];
}

function openTurn(turnKey: string): OpenTurn {
  const open = turns.get(turnKey);
  if (!open) throw new Error('This sandbox turn is not open in this worker.');
  return open;
}

function toolAt(turn: SandboxTurn, index: number): Tool {
  const tool = turn.tools[index];
  if (!tool) throw new Error(`The sandbox turn has no tool #${index}.`);
  return tool;
}

/** The plain data of a tool: its functions cannot cross to the HTTP thread. */
function toMetadata(tool: Tool): ToolMetadata {
  const { validateArguments: _v, evaluateNeedsApproval: _n, describeActivity: _d, describeCompletedActivity: _c, execute: _e, validateOutput: _o, ...metadata } = tool;
  return metadata;
}
