// The replays a sandbox worker holds: each keeps its parsed record here while the HTTP thread runs its turns.
import { openStoredReplay, type ReplayStep, type SessionReplay, type StoredSessionText } from '@/lib/replay';
import { type RuntimeEvent, err, ok, type Result } from '@/lib/runtime';
import type { SessionError } from '@/lib/sessions';

export type HeldReplaysOptions = {
  /** Replays one worker holds at once (each a parsed record of up to 5 MB). */
  maxHeld: number;
  /** A replay not advanced for this long was abandoned (its HTTP request went away) and is let go. */
  idleMs: number;
  now?: () => number;
};

export type HeldReplays = {
  open(replayKey: string, session: StoredSessionText): Result<ReplayStep, SessionError>;
  advance(replayKey: string, replayed: Result<RuntimeEvent[], string>): Result<ReplayStep, SessionError>;
  close(replayKey: string): void;
  count(): number;
};

export function createHeldReplays({ maxHeld, idleMs, now = Date.now }: HeldReplaysOptions): HeldReplays {
  const held = new Map<string, { replay: SessionReplay; touchedAt: number }>();
  const letGoOfIdle = () => {
    for (const [key, entry] of held) if (now() - entry.touchedAt > idleMs) held.delete(key);
  };
  const keep = (replayKey: string, replay: SessionReplay, step: ReplayStep): ReplayStep => {
    if (step.kind === 'done') held.delete(replayKey);
    else held.set(replayKey, { replay, touchedAt: now() });
    return step;
  };
  return {
    open(replayKey, session) {
      letGoOfIdle();
      if (held.size >= maxHeld) return err({ code: 'busy', message: `The sandbox is replaying ${held.size} sessions in this worker; try again in a few seconds.` });
      const opened = openStoredReplay(session);
      if (!opened.ok) return opened;
      return ok(keep(replayKey, opened.value, opened.value.first()));
    },
    advance(replayKey, replayed) {
      const entry = held.get(replayKey);
      if (!entry) return err({ code: 'busy', message: 'The replay was dropped by its sandbox worker; try again.' });
      return ok(keep(replayKey, entry.replay, entry.replay.advance(replayed)));
    },
    close(replayKey) {
      held.delete(replayKey);
    },
    count: () => held.size,
  };
}
