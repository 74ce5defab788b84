import { z } from 'zod';

/** One failing location in a tool's arguments, phrased so a model can act on it. */
export const validationIssueSchema = z.object({ path: z.string(), message: z.string() });

/** The repair ladder's rungs, in the order they are tried. */
export const repairRungSchema = z.enum([
  'empty-to-object',
  'strip-code-fence',
  'unwrap-fenced-array',
  'strip-tag-wrapper',
  'extract-json-from-prose',
  'unwrap-double-encoded',
  'straighten-quotes',
  'escape-inner-quotes',
  'fix-syntax',
  'insert-missing-commas',
  'fix-closers',
  'close-truncated',
]);

/** One rung that changed the arguments' text, with the text before and after it. */
export const repairStepSchema = z.object({ rung: repairRungSchema, before: z.string(), after: z.string() });

/** Why a proposed call never reached its tool. */
export const toolInputErrorCodeSchema = z.enum([
  'unknown-tool',
  'unparseable-arguments',
  'invalid-arguments',
  'not-loaded',
]);

export type ValidationIssue = z.infer<typeof validationIssueSchema>;
export type RepairRung = z.infer<typeof repairRungSchema>;
export type RepairStep = z.infer<typeof repairStepSchema>;
export type ToolInputErrorCode = z.infer<typeof toolInputErrorCodeSchema>;
