// Server-only: the live turns of this process, so approvals and aborts can reach them (and, over
// the bus, the live turns of other instances).
import { type ElicitationAnswerRequest, type McpTape, type TapeEntry, processSingleton } from '@/lib/contract';
import type { ApprovalDecision, ElicitationField, ElicitationReply, ValidationIssue } from '@/lib/runtime';
import { createPostgresTurnBus } from './create-postgres-turn-bus';
import { createLiveTurnControls } from './live-turn-controls';
import { createTurnControlToken } from './turn-control';
import { createTurnSlotAccounting } from './turn-slot-accounting';

/**
 * An approval or abort on its way to whichever instance runs the turn, with the control token the
 * request carried: that instance checks it, since only it knows the turn's token.
 */
export type TurnControlMessage =
  | { kind: 'approval'; turnId: string; token: string; callId: string; decision: ApprovalDecision }
  | { kind: 'output'; turnId: string; token: string; callId: string; output: string }
  | { kind: 'elicitation'; turnId: string; token: string; answer: ElicitationAnswerRequest }
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

/** A turn running in this process, as its registry keeps it. */
export type LiveTurn = {
  clientId: string;
  /** The capability its controls need (see `turn-control`). */
  controlToken: string;
  controller: AbortController;
  approvals: Map<string, (decision: ApprovalDecision) => void>;
  /** Calls waiting for an output typed by a person. */
  outputs: Map<string, (output: string) => void>;
  /** Questions its calls' MCP servers asked, waiting for a person, by elicitation id. */
  elicitations: Map<string, PendingElicitation>;
  /** The turn's own tape array, growing as exchanges complete, so they can be inspected while it runs. */
  tape?: readonly TapeEntry[];
  /** The turn's MCP recording so far (servers, calls, JSON-RPC messages), when it has servers. */
  mcp?: () => McpTape | undefined;
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


/** A question waiting for a person: the form its answer must fit (none for a URL to open), and where the reply goes. */
export type PendingElicitation = { fields?: readonly ElicitationField[]; resolve: (reply: ElicitationReply) => void };

/** What a running turn shares besides its controls. */
export type LiveTurnExtras = { tape?: readonly TapeEntry[]; mcp?: () => McpTape | undefined };

/**
 * `forwarded`: the turn is not in this process, so the decision went out on the bus (the instance
 * running it checks the token); `forbidden`: the turn runs here and the token is not its own.
 */
export type DeliverOutcome = 'delivered' | 'unknown-turn' | 'no-pending-approval' | 'forwarded' | 'forbidden';
export type DeliverOutputOutcome = 'delivered' | 'unknown-turn' | 'no-pending-output' | 'forwarded' | 'forbidden';
/** `invalid`: the content does not fit the requested form (the question stays open). */
export type DeliverElicitationOutcome = 'delivered' | 'unknown-turn' | 'no-pending-elicitation' | 'forwarded' | 'forbidden' | { invalid: ValidationIssue[] };
export type AbortOutcome = 'aborted' | 'unknown-turn' | 'forwarded' | 'forbidden';
/** A running turn's exchanges as its starting client may read them (a finished turn's are in the session store). */
export type TapeAccess = { kind: 'live'; tape: TapeEntry[]; mcp?: McpTape } | { kind: 'unknown-turn' } | { kind: 'forbidden' };

/** In-memory registry of running turns, keyed by turn id. */
export function createTurnRegistry(options: { bus?: TurnControlBus; now?: () => number } = {}) {
  const turns = new Map<string, LiveTurn>();
  const { bus } = options;
  const local = createLiveTurnControls(turns);
  const slots = createTurnSlotAccounting(turns, options.now ?? Date.now);
  // Every instance hears every message; only the one running the turn acts (when the token is the
  // turn's), and nobody re-publishes.
  bus?.subscribe((message) => {
    if (message.kind === 'approval') local.deliverApproval(message.turnId, message.token, message.callId, message.decision);
    else if (message.kind === 'output') local.deliverOutput(message.turnId, message.token, message.callId, message.output);
    else if (message.kind === 'elicitation') local.deliverElicitation(message.turnId, message.token, message.answer);
    else if (message.kind === 'yield') slots.yieldSlot(message.turnId, message.reason);
    else local.abort(message.turnId, message.token);
  });
  /** The outcome here, or `forwarded` once `message` went out on the bus because the turn does not run here. */
  const orForward = <Outcome extends string>(outcome: Outcome, message: TurnControlMessage): Outcome | 'forwarded' => {
    if (outcome !== 'unknown-turn' || !bus) return outcome;
    bus.publish(message);
    return 'forwarded';
  };
  return {
    ...slots,
    accessTape: local.accessTape,
    awaitApproval: local.awaitApproval,
    awaitOutput: local.awaitOutput,
    awaitElicitation: local.awaitElicitation,
    /** Registers a running turn and returns its control token, for the stream's head and nothing else. */
    register(turnId: string, clientId: string, controller: AbortController, extras: LiveTurnExtras = {}): string {
      const controlToken = createTurnControlToken();
      turns.set(turnId, { clientId, controlToken, controller, approvals: new Map(), outputs: new Map(), elicitations: new Map(), tape: extras.tape, mcp: extras.mcp, onEnded: [], onWaitingChange: [], waits: 0, yielded: false });
      return controlToken;
    },
    /** How the turn is stopped with a reason (its event budget's `stop`), once it runs. */
    setStop(turnId: string, stop: (reason: string) => void): void {
      const turn = turns.get(turnId);
      if (turn) turn.stop = stop;
    },
    /**
     * Stops turn `turnId`, whose shared lease a newcomer took, wherever it runs: here, or on the
     * instance that hears it on the bus.
     */
    requestYield(turnId: string, reason: string): void {
      if (slots.yieldSlot(turnId, reason) || turns.has(turnId) || !bus) return;
      bus.publish({ kind: 'yield', turnId, reason });
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
    deliverOutput(turnId: string, token: string, callId: string, output: string): DeliverOutputOutcome {
      return orForward(local.deliverOutput(turnId, token, callId, output), { kind: 'output', turnId, token, callId, output });
    },
    /** A person's answer to a server's question, checked against its form where the turn runs. */
    deliverElicitation(turnId: string, token: string, answer: ElicitationAnswerRequest): DeliverElicitationOutcome {
      const outcome = local.deliverElicitation(turnId, token, answer);
      return typeof outcome === 'string' ? orForward(outcome, { kind: 'elicitation', turnId, token, answer }) : outcome;
    },
    deliverApproval(turnId: string, token: string, callId: string, decision: ApprovalDecision): DeliverOutcome {
      return orForward(local.deliverApproval(turnId, token, callId, decision), { kind: 'approval', turnId, token, callId, decision });
    },
    /** `aborted` when the turn runs here, `forwarded` when the abort went out on the bus to the other instances. */
    abort(turnId: string, token: string): AbortOutcome {
      return orForward(local.abort(turnId, token), { kind: 'abort', turnId, token });
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
