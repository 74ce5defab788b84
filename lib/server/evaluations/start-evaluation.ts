// Server-only: POST /api/evaluations — admits an evaluation, stores it, and streams its runs as SSE while they end.
import { EVALUATION_LIMITS, removeModelSecrets, type EvaluationEvent, type EvaluationRequest } from '@/lib/contract';
import { err, ok, type Result } from '@/lib/runtime';
import { createSessionId } from '@/lib/sessions';
import type { SessionStore } from '@/lib/sessions/store';
import { CONCURRENT_TURN_LIMITS, getSharedLimits, hashClientAddress } from '../admission';
import { getSessionChecker, getSessionStore } from '../sessions';
import { readModelEnvironment, streamTurn } from '../turns';
import { listEvaluationRuns, runEvaluation } from './run-evaluation';
import { createEvaluationTurnRunner } from './run-evaluation-turn';
import { createGroupCommit } from './create-group-commit';
import { createEvaluationRunStore } from './store-evaluation-run';

/** Why an evaluation did not start: a status and a reason for the 4xx/5xx body. */
export type EvaluationRefusal = { status: number; error: string };

/** A started evaluation: its id and its events as an SSE body. */
export type StartedEvaluation = { evaluationId: string; body: ReadableStream<Uint8Array> };

const running = new Map<string, number>();
let runningTotal = 0;

const PER_ADDRESS_REFUSAL = `At most ${EVALUATION_LIMITS.runningPerClient} evaluation may run at once from your address; stop it or wait for it to finish.`;

/**
 * Takes one of the evaluation slots of `clientId` and of this instance, and with DATABASE_URL a
 * lease on the address's slots all instances share (held until the evaluation ends), or refuses
 * naming the limit.
 */
async function admitEvaluation(clientId: string): Promise<Result<() => void, EvaluationRefusal>> {
  const local = admitLocally(clientId);
  const slots = getSharedLimits()?.evaluationSlots;
  if (!local.ok || !slots) return local;
  const shared = await slots.acquire(clientId, EVALUATION_LIMITS.runningPerClient);
  if (!shared.ok) {
    local.value();
    return err({ status: 429, error: PER_ADDRESS_REFUSAL });
  }
  return ok(() => {
    shared.value();
    local.value();
  });
}

/** This instance's count: the address's evaluations here and everyone's. */
function admitLocally(clientId: string): Result<() => void, EvaluationRefusal> {
  if ((running.get(clientId) ?? 0) >= EVALUATION_LIMITS.runningPerClient) return err({ status: 429, error: PER_ADDRESS_REFUSAL });
  if (runningTotal >= EVALUATION_LIMITS.runningTotal) return err({ status: 429, error: `The server is running its maximum of ${EVALUATION_LIMITS.runningTotal} evaluations at once; try again in a minute.` });
  running.set(clientId, (running.get(clientId) ?? 0) + 1);
  runningTotal += 1;
  let released = false;
  return ok(() => {
    if (released) return;
    released = true;
    runningTotal -= 1;
    const left = (running.get(clientId) ?? 1) - 1;
    if (left > 0) running.set(clientId, left);
    else running.delete(clientId);
  });
}

/** The request as stored: what a rerun sends again, without any typed API key. */
function storedRequestText(request: EvaluationRequest): string {
  return JSON.stringify({ ...request, models: request.models.map((model) => removeModelSecrets(model)) });
}

const encoder = new TextEncoder();

/**
 * Starts `request` for the visitor at `address`: one evaluation at a time per address, each run a
 * turn admitted like the visitor's own (so it shares their turn slots), at most
 * `EVALUATION_LIMITS.concurrency` at once. The evaluation is stored before the first event; each
 * outcome is stored before it is streamed. Closing the stream, or `client`'s signal aborting (the
 * request's: the client went away), stops it.
 */
export async function startEvaluation(request: EvaluationRequest, address: string, client?: { readonly signal: AbortSignal }): Promise<Result<StartedEvaluation, EvaluationRefusal>> {
  const admitted = await admitEvaluation(address);
  if (!admitted.ok) return admitted;
  const release = admitted.value;
  let store: SessionStore;
  const evaluationId = createSessionId();
  const totalRuns = listEvaluationRuns(request).length;
  const owner = hashClientAddress(address);
  try {
    store = await getSessionStore();
    await store.evaluations.createEvaluation({ id: evaluationId, createdAt: Date.now(), owner, totalRuns, requestText: storedRequestText(request) });
  } catch (error) {
    release();
    return err({ status: 503, error: `The evaluation could not be stored: ${error instanceof Error ? error.message : String(error)}` });
  }
  const concurrency = Math.min(request.concurrency ?? EVALUATION_LIMITS.concurrency, EVALUATION_LIMITS.concurrency, CONCURRENT_TURN_LIMITS.perAddress);
  const stopper = new AbortController();
  // Stop: the client closing its request stops the runs, whether or not the server cancels the body stream too.
  const onDisconnect = () => stopper.abort('stopped');
  if (client?.signal.aborted) onDisconnect();
  else client?.signal.addEventListener('abort', onDisconnect, { once: true });
  const checker = getSessionChecker();
  const runOne = createEvaluationTurnRunner({
    request,
    clientId: address,
    env: readModelEnvironment(),
    startTurn: streamTurn,
    storeRun: createEvaluationRunStore(request, { store, checker, owner }),
  });
  // Outcomes that end while others are being written go together in the next statement.
  const keep = createGroupCommit<{ position: number; outcomeText: string }, void>(async (runs) => {
    await store.evaluations.addEvaluationRuns(evaluationId, runs);
    return runs.map(() => undefined);
  });
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const emit = (event: EvaluationEvent) => {
        if (open) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      };
      emit({ type: 'evaluation-start', evaluationId, totalRuns, runs: request.runs, models: request.models.length, variants: request.variants.length, concurrency });
      const wall = setTimeout(() => stopper.abort('wall-time'), EVALUATION_LIMITS.wallMs);
      void runEvaluation({
        request,
        concurrency,
        signal: stopper.signal,
        runOne,
        keep: (outcome, position) => keep({ position, outcomeText: JSON.stringify(outcome) }),
        emit,
      })
        .then((state) => (state.status === 'running' ? undefined : store.evaluations.endEvaluation(evaluationId, state)))
        .catch((error: unknown) => {
          console.error(`Evaluation ${evaluationId} failed:`, error);
          stopper.abort('stopped');
          emit({ type: 'evaluation-end', status: 'stopped', reason: 'stopped', finished: 0, totalRuns });
          return store.evaluations.endEvaluation(evaluationId, { status: 'stopped', reason: 'stopped' }).catch((endError: unknown) => console.error(endError));
        })
        .finally(() => {
          clearTimeout(wall);
          // Also what keeps `client` reachable until the end: a Fetch Request follows its caller's signal only while it is alive.
          client?.signal.removeEventListener('abort', onDisconnect);
          release();
          if (open) {
            open = false;
            controller.close();
          }
        });
    },
    cancel() {
      open = false;
      stopper.abort('stopped');
    },
  });
  return ok({ evaluationId, body });
}
