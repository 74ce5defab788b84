// Server-only: replays a session through the turn path it is given and checks assertions on what the replay produced.
import { type RuntimeEvent, err, ok, type Result } from '@/lib/runtime';
import type { EventDifference } from '@/lib/contract';
import { replaySession, type ReplayTurnRunner } from '../replay-session';
import { migrateSessionRecord, type SessionRecord } from '@/lib/sessions';
import type { AssertionVerdict } from '@/lib/assertions';
import { checkAssertions } from '@/lib/assertions';
import { describeTurnReplay } from '../describe-turn-replay';
import { isStoppedOffTape } from '../is-stopped-off-tape';
import { sessionAssertionsSchema } from '@/lib/assertions';

export type ReplayAndCheckOptions = {
  /** The session in any form a record is kept or exported in (stored, compact or not, any version). */
  record: unknown;
  /** The assertions to check, as JSON; read with `sessionAssertionsSchema`. */
  assertions: unknown;
  /**
   * The tool module to replay every turn with instead of the one it was recorded with. A module
   * whose tools changed (a renamed parameter, another description) sends other requests than the
   * tape holds, so the replay stops at the first one with a `tape-mismatch`.
   */
  toolModule?: string;
  /** Runs one turn on its tape: the server's turn path (`runTurnOnTape` in lib/server/replay), injected. */
  runTurn: ReplayTurnRunner;
};

/** One turn as replayed: whether its events were the recorded ones, what differed (and, in `message`, why), and the events themselves. */
export type TurnReplayOutcome = { turn: number; identical: boolean; differences: EventDifference[]; message: string; events: RuntimeEvent[] };

/** The replay of every turn and the verdict of every assertion on the replayed events. */
export type ReplayAndCheckReport = { turns: TurnReplayOutcome[]; verdicts: AssertionVerdict[] };

/**
 * Replays every turn of `record` on its tape (`replaySession`, the recorded approvals and typed
 * outputs answering as recorded), then checks the assertions on the replayed events, so that an
 * assertion fails when today's runtime or `toolModule` no longer behaves as recorded. A turn that
 * could not start counts as a turn without events. An error only when the record or the
 * assertions do not read.
 */
export async function replayAndCheck(options: ReplayAndCheckOptions): Promise<Result<ReplayAndCheckReport, string>> {
  const migrated = migrateSessionRecord(options.record);
  if (!migrated.ok) return err(migrated.error);
  const assertions = sessionAssertionsSchema.safeParse(options.assertions);
  if (!assertions.success) {
    const issue = assertions.error.issues[0];
    return err(`Invalid assertions: ${issue ? `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}` : 'unreadable'}`);
  }
  const record = options.toolModule === undefined ? migrated.value : withToolModule(migrated.value, options.toolModule);
  const ran: RuntimeEvent[][] = [];
  const report = await replaySession(record, async (turn) => {
    const result = await options.runTurn(turn);
    ran.push(result.ok ? result.value : []);
    return result;
  });
  // A stopped turn is not run again (`isStoppedOffTape`): its recorded events stand for it.
  let nextRan = 0;
  const replayed = record.turns.map((turn) => (isStoppedOffTape(turn) ? turn.events : (ran[nextRan++] ?? [])));
  const turns = report.turns.map((verdict): TurnReplayOutcome => {
    const differences = report.differences.filter((difference) => difference.turn === verdict.turn);
    const events = replayed[verdict.turn] ?? [];
    return { turn: verdict.turn, identical: verdict.identical, differences, message: describeTurnReplay(verdict.turn, differences, events, verdict.stopped), events };
  });
  return ok({ turns, verdicts: checkAssertions(assertions.data, replayed) });
}

function withToolModule(record: SessionRecord, source: string): SessionRecord {
  return {
    ...record,
    playground: { ...record.playground, source },
    turns: record.turns.map((turn) => ({ ...turn, request: { ...turn.request, source } })),
  };
}
