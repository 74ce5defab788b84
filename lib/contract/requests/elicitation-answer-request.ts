import { z } from 'zod';
import { ELICITATION_LIMITS } from '@/lib/runtime';

const elicitationId = z.string().min(1).max(200);
const fieldValue = z.union([
  z.string().max(ELICITATION_LIMITS.textChars, `a field's text is limited to ${ELICITATION_LIMITS.textChars} characters.`),
  z.number(),
  z.boolean(),
  z.array(z.string().max(1_000)).max(ELICITATION_LIMITS.options),
]);

const content = z.record(z.string().max(200), fieldValue);

/** A person's reply to a server's question, as a session keeps it for the server (no id: it belongs to its call). */
export const elicitationReplySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('accept'), content: content.optional() }),
  z.strictObject({ action: z.literal('decline') }),
  z.strictObject({ action: z.literal('cancel') }),
]);

/**
 * Body of `POST /api/turns/<id>/elicitations`: a person's answer to a question an MCP server asked
 * while a call ran. `content` (the form's values) goes with `accept` only; it is checked against
 * the requested schema before the server gets it.
 */
export const elicitationAnswerRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ elicitationId, action: z.literal('accept'), content: content.optional() }),
  z.strictObject({ elicitationId, action: z.literal('decline') }),
  z.strictObject({ elicitationId, action: z.literal('cancel') }),
]);

export type ElicitationAnswerRequest = z.infer<typeof elicitationAnswerRequestSchema>;
export type ElicitationReplyRecord = z.infer<typeof elicitationReplySchema>;
