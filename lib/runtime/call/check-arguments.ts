import { repairArguments } from '../repair/repair-arguments';
import type { RepairStep } from '../vocabulary/issues';
import type { JsonSchema, JsonValue } from '../vocabulary/json';
import { restoreOptionalArguments } from './restore-optional-arguments';

/** What a call's arguments are checked against: the tool's schema as authored, and whether the model was sent it strictified. */
export type ArgumentTarget = { parameters: JsonSchema; strictified: boolean };

/**
 * A call's raw arguments after the pipeline: refused by the repair ladder, or parsed (repaired
 * where needed, every changing rung listed), with strict-mode nulls undone, and the validator's
 * verdict on that restored value.
 */
export type ArgumentsCheck<Verdict> =
  | { ok: false; message: string }
  | { ok: true; parsed: JsonValue; restored: JsonValue; repairs: RepairStep[]; validation: Verdict };

/**
 * The one argument pipeline: repair ladder → undo strictification → validation. The loop runs
 * it on every proposed call with the tool's own validator (asynchronous: a sandbox tool
 * validates in its sandbox); the Try panel runs it on typed text with a validator built in the
 * page, so what it previews is what the loop will do.
 */
export function checkArguments<Verdict>(
  text: string,
  target: ArgumentTarget,
  validate: (value: JsonValue) => Verdict,
): ArgumentsCheck<Verdict> {
  const repaired = repairArguments(text);
  if (!repaired.ok) return { ok: false, message: repaired.error.message };
  const restored = target.strictified ? restoreOptionalArguments(repaired.value, target.parameters) : repaired.value;
  return { ok: true, parsed: repaired.value, restored, repairs: repaired.repairs, validation: validate(restored) };
}
