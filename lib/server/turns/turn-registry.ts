// Server-only: the live turns of this process, so approvals and aborts can reach them (and, over
// the bus, the live turns of other instances).
import type { TapeEntry } from '@/lib/models/model-config';
import type { ApprovalDecision } from '@/lib/runtime';
import { createPostgresTurnBus } from '@/lib/sessions/create-postgres-turn-bus';
import type { HeldSlot } from '../admission';
import { processSingleton } from '../process-singleton';
import { createTurnControlToken, matchesTurnControlToken } from './turn-control';

/**
 * An approval or abort on its way to whichever instance runs the turn, with the control token the
 * request carried: that instance checks it, since only it knows the turn's token.
 */
export type TurnControlMessage =
  | { kind: 'approval'; turnId: string; token: string; callId: string; decision: ApprovalDecision }
  | { kind: 'output'; turnId: string; token: string; callId: string; output: string }
  | { kind: 'abort'; turnId: string; token: string }
  /** A newcomer on another instance took this turn's shared slot (`createSharedTurnSlots`): stop it with `reason`. */
  | { kind: 'yield'; turnId: string; reason: string };

/**
 * Carries control messages to every instance, this one included (PostgreSQL LISTEN/NOTIFY when
 * DATABASE_URL is set). Without a bus the registry only reaches turns of its own process.
 */
export type TurnControlBus = {
  publish(message: TurnControlMessage): void;
  subscribe(handler: (message: TurnControlMessage) => void): void;
};

type LiveTurn = {
  clientId: string;
  /** The capability its controls need (see `turn-control`). */
  controlToken: string;
  controller: AbortController;
  approvals: Map<string, (decision: ApprovalDecision) => void>;
  /** Calls waiting for an output typed by a person. */
  outputs: Map<string, (output: string) => void>;
  /** The turn's own tape array, growing as exchanges complete, so they can be inspected while it runs. */
  tape?: readonly TapeEntry[];
  /** Run once when it ends (its shared turn slot is released). */
  onEnded: (() => void)[];
  /** Told when it starts or stops waiting (its shared lease says so to other instances). */
  onWaitingChange: ((waitingSince: number | undefined) => void)[];
  /** Waits in progress (tool calls running, people asked), and since when at least one has been. */
  waits: number;
  waitingSince?: number;
  /** Ends the turn with an `error` turn-end giving the reason; set once it runs. */
  stop?: (reason: string) => void;
  /** Stopped to free its slot for another address: no longer counted. */
  yielded: boolean;
};


/** What a running turn shares besides its controls. */
export type LiveTurnExtras = { tape?: readonly TapeEntry[] };

/**
 * `forwarded`: the turn is not in this process, so the decision went out on the bus (the instance
 * running it checks the token); `forbidden`: the turn runs here and the token is not its own.
 */
export type DeliverOutcome = 'delivered' | 'unknown-turn' | 'no-pending-approval' | 'forwarded' | 'forbidden';
export type DeliverOutputOutcome = 'delivered' | 'unknown-turn' | 'no-pending-output' | 'forwarded' | 'forbidden';
export type AbortOutcome = 'aborted' | 'unknown-turn' | 'forwarded' | 'forbidden';
/** A running turn's exchanges as its starting client may read them (a finished turn's are in the session store). */
export type TapeAccess = { kind: 'live'; tape: TapeEntry[] } | { kind: 'unknown-turn' } | { kind: 'forbidden' };

/** In-memory registry of running turns, keyed by turn id. */
export function createTurnRegistry(options: { bus?: TurnControlBus; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const turns = new Map<string, LiveTurn>();
  const counted = () => [...turns.values()].filter((turn) => !turn.yielded);
  // Turns admitted but not yet registered (their sandbox is starting), counted like running ones.
  const reservations = new Set<{ clientId: string }>();
  const { bus } = options;
  const deliverLocally = (turnId: string, token: string, callId: string, decision: ApprovalDecision): DeliverOutcome => {
    const turn = turns.get(turnId);
    if (!turn) return 'unknown-turn';
    if (!matchesTurnControlToken(turn.controlToken, token)) return 'forbidden';
    const resolve = turn.approvals.get(callId);
    if (!resolve) return 'no-pending-approval';
    turn.approvals.delete(callId);
    resolve(decision);
    return 'delivered';
  };
  const deliverOutputLocally = (turnId: string, token: string, callId: string, output: string): DeliverOutputOutcome => {
    const turn = turns.get(turnId);
    if (!turn) return 'unknown-turn';
    if (!matchesTurnControlToken(turn.controlToken, token)) return 'forbidden';
    const resolve = turn.outputs.get(callId);
    if (!resolve) return 'no-pending-output';
    turn.outputs.delete(callId);
    resolve(output);
    return 'delivered';
  };
  const abortLocally = (turnId: string, token: string): AbortOutcome => {
    const turn = turns.get(turnId);
    if (!turn) return 'unknown-turn';
    if (!matchesTurnControlToken(turn.controlToken, token)) return 'forbidden';
    turn.controller.abort('aborted by the user');
    return 'aborted';
  };
  // Every instance hears every message; only the one running the turn acts (when the token is the
  // turn's), and nobody re-publishes.
  const yieldSlot = (turnId: string, reason: string): boolean => {
    const turn = turns.get(turnId);
    if (!turn?.stop || turn.yielded) return false;
    turn.yielded = true;
    turn.stop(reason);
    // Its shared lease goes now too: the slot is the newcomer's from this moment.
    for (const ended of turn.onEnded.splice(0)) ended();
    return true;
  };
  bus?.subscribe((message) => {
    if (message.kind === 'approval') deliverLocally(message.turnId, message.token, message.callId, message.decision);
    else if (message.kind === 'output') deliverOutputLocally(message.turnId, message.token, message.callId, message.output);
    else if (message.kind === 'yield') yieldSlot(message.turnId, message.reason);
    else abortLocally(message.turnId, message.token);
  });
  return {
    /** Registers a running turn and returns its control token, for the stream's head and nothing else. */
    register(turnId: string, clientId: string, controller: AbortController, extras: LiveTurnExtras = {}): string {
      const controlToken = createTurnControlToken();
      turns.set(turnId, { clientId, controlToken, controller, approvals: new Map(), outputs: new Map(), tape: extras.tape, onEnded: [], onWaitingChange: [], waits: 0, yielded: false });
      return controlToken;
    },
    /** How the turn is stopped with a reason (its event budget's `stop`), once it runs. */
    setStop(turnId: string, stop: (reason: string) => void): void {
      const turn = turns.get(turnId);
      if (turn) turn.stop = stop;
    },
    /** A wait of the turn (a tool call, an approval, a typed output) began or ended. */
    noteWaiting(turnId: string, waiting: boolean): void {
      const turn = turns.get(turnId);
      if (!turn) return;
      const before = turn.waitingSince;
      turn.waits = Math.max(0, turn.waits + (waiting ? 1 : -1));
      if (turn.waits === 0) turn.waitingSince = undefined;
      else turn.waitingSince ??= now();
      if (turn.waitingSince !== before) for (const listener of turn.onWaitingChange) listener(turn.waitingSince);
    },
    /** Runs `listener` whenever the turn starts waiting (with since when) or stops (undefined). */
    whenWaitingChanges(turnId: string, listener: (waitingSince: number | undefined) => void): void {
      turns.get(turnId)?.onWaitingChange.push(listener);
    },
    /** The counted running turns of this process, each with since when it waits (if it does). */
    listHeldSlots(): HeldSlot[] {
      return [...turns.entries()]
        .filter(([, turn]) => !turn.yielded)
        .map(([turnId, turn]) => ({ turnId, clientId: turn.clientId, stoppable: turn.stop !== undefined, ...(turn.waitingSince === undefined ? {} : { waitingSince: turn.waitingSince }) }));
    },
    /** Stops a running turn with `reason` and stops counting it (and releases its shared lease) at once; its sandbox closes as it ends. */
    yieldSlot,
    /**
     * Stops turn `turnId`, whose shared lease a newcomer took, wherever it runs: here, or on the
     * instance that hears it on the bus.
     */
    requestYield(turnId: string, reason: string): void {
      if (yieldSlot(turnId, reason) || turns.has(turnId) || !bus) return;
      bus.publish({ kind: 'yield', turnId, reason });
    },
    /** What the clock of this registry reads (for how long a yielded turn waited). */
    now,
    /**
     * What the holder of `token` may read of a turn running here: a copy of its tape so far, or
     * `unknown-turn` when it does not run in this process (finished, or another instance's).
     */
    accessTape(turnId: string, token: string): TapeAccess {
      const live = turns.get(turnId);
      if (!live) return { kind: 'unknown-turn' };
      return matchesTurnControlToken(live.controlToken, token) ? { kind: 'live', tape: [...(live.tape ?? [])] } : { kind: 'forbidden' };
    },
    unregister(turnId: string): void {
      const turn = turns.get(turnId);
      turns.delete(turnId);
      for (const ended of turn?.onEnded ?? []) ended();
    },
    /** Runs `ended` when the turn is unregistered, or now when it is not running. */
    whenEnded(turnId: string, ended: () => void): void {
      const turn = turns.get(turnId);
      if (turn) turn.onEnded.push(ended);
      else ended();
    },
    /** Counts a turn about to start against `clientId` until the returned release is called. */
    reserve(clientId: string): () => void {
      const reservation = { clientId };
      reservations.add(reservation);
      return () => {
        reservations.delete(reservation);
      };
    },
    /** Running and reserved turns of `clientId`. */
    countForClient(clientId: string): number {
      const running = counted().filter((turn) => turn.clientId === clientId).length;
      return running + [...reservations].filter((reservation) => reservation.clientId === clientId).length;
    },
    /** Running and reserved turns of this process. */
    countAll(): number {
      return counted().length + reservations.size;
    },
    awaitApproval(turnId: string, callId: string, signal: AbortSignal): Promise<ApprovalDecision> {
      return new Promise((resolve) => {
        const turn = turns.get(turnId);
        if (!turn) return resolve({ approved: false, reason: 'The turn is no longer running.' });
        turn.approvals.set(callId, resolve);
        signal.addEventListener('abort', () => turn.approvals.delete(callId), { once: true });
      });
    },
    /** Waits for the output a person types for `callId`; `null` when the signal aborts first. */
    awaitOutput(turnId: string, callId: string, signal: AbortSignal): Promise<string | null> {
      return new Promise((resolve) => {
        const turn = turns.get(turnId);
        if (!turn || signal.aborted) return resolve(null);
        turn.outputs.set(callId, resolve);
        signal.addEventListener(
          'abort',
          () => {
            turn.outputs.delete(callId);
            resolve(null);
          },
          { once: true },
        );
      });
    },
    deliverOutput(turnId: string, token: string, callId: string, output: string): DeliverOutputOutcome {
      const outcome = deliverOutputLocally(turnId, token, callId, output);
      if (outcome !== 'unknown-turn' || !bus) return outcome;
      bus.publish({ kind: 'output', turnId, token, callId, output });
      return 'forwarded';
    },
    deliverApproval(turnId: string, token: string, callId: string, decision: ApprovalDecision): DeliverOutcome {
      const outcome = deliverLocally(turnId, token, callId, decision);
      if (outcome !== 'unknown-turn' || !bus) return outcome;
      bus.publish({ kind: 'approval', turnId, token, callId, decision });
      return 'forwarded';
    },
    /** `aborted` when the turn runs here, `forwarded` when the abort went out on the bus to the other instances. */
    abort(turnId: string, token: string): AbortOutcome {
      const outcome = abortLocally(turnId, token);
      if (outcome !== 'unknown-turn' || !bus) return outcome;
      bus.publish({ kind: 'abort', turnId, token });
      return 'forwarded';
    },
  };
}

export type TurnRegistry = ReturnType<typeof createTurnRegistry>;

/** One registry per server process, surviving hot reloads in development; on the PostgreSQL bus when DATABASE_URL is set. */
export const getTurnRegistry: () => TurnRegistry = processSingleton('turn-registry', () =>
  createTurnRegistry({
    bus: process.env.DATABASE_URL ? createPostgresTurnBus({ connectionString: process.env.DATABASE_URL }) : undefined,
  }),
);
