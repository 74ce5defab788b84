// Browser-safe: reads a record the server checked when it stored it, without checking it again.
import { isPlainObject, err, type Result } from '@/lib/runtime';
import { expandSessionTexts } from './expand-session-texts';
import type { SessionRecord } from './session-record';

/** The record version this code writes; older versions are upgraded when they are checked. */
export const SESSION_RECORD_VERSION = 5;

/**
 * A stored record (`GET /api/sessions/<id>`, a database row) as a `SessionRecord`: its texts put back
 * in place, nothing validated. The server validated it once, in a sandbox worker, when it was written
 * (or first read after an upgrade), and serves only records that passed; checking every event and
 * assertion again on each read is what let one costly record hold the server, or a visitor's page.
 */
export function readCheckedSessionRecord(stored: unknown): Result<SessionRecord, string> {
  if (!isPlainObject(stored)) return err('The session is not a JSON object.');
  if (stored.version !== SESSION_RECORD_VERSION) return err(`The session is version ${String(stored.version)}; a checked record is version ${SESSION_RECORD_VERSION}.`);
  const expanded = expandSessionTexts(stored);
  // Checked when stored: the shape is the one `sessionRecordSchema` let through.
  return expanded.ok ? { ok: true, value: expanded.value as SessionRecord } : err(`Invalid session: ${expanded.error}`);
}
