/**
 * Why the repair ladder refused a raw argument string. A closed union: the runtime maps every
 * member to the same model-visible `unparseable-arguments` input error, the code tells the
 * timeline (and tests) which refusal it was.
 */
export type RepairErrorCode =
  | 'too-large'
  | 'not-json'
  | 'no-json-object'
  | 'ambiguous-multiple-objects'
  | 'ambiguous-code-fence'
  | 'ambiguous-closer'
  | 'ambiguous-unescaped-quote'
  | 'truncated-unrecoverable'
  | 'non-json-value'
  | 'not-an-object'
  | 'template-markup-in-value';

/** A refusal with a message written for the model: what is wrong and what to send instead. */
export type RepairError = { code: RepairErrorCode; message: string };

/** The instruction most refusals end with. */
export const SEND_ONE_OBJECT = 'Send a single JSON object.';

/** Builds a refusal; `reason` says what is wrong, and the standard instruction follows it. */
export function createRepairError(code: RepairErrorCode, reason: string): RepairError {
  return { code, message: `${reason} ${SEND_ONE_OBJECT}` };
}
