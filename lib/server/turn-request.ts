import { z } from 'zod';
import { modelConfigSchema } from '@/lib/models/model-config';
import { permissionModeSchema, turnModeSchema } from '@/lib/runtime/runtime-event';

/** Request limits; anything past them is a 4xx with the limit in the message. */
export const TURN_LIMITS = {
  sourceChars: 200_000,
  messages: 50,
  messageChars: 20_000,
  maxIterations: 25,
  files: 100,
  fileChars: 200_000,
  /** Events one turn may stream; past it the turn is stopped with an error. */
  eventsPerTurn: 5000,
} as const;

const jsonObject = z.record(z.string(), z.unknown());

export const turnRequestSchema = z.object({
  source: z.string().max(TURN_LIMITS.sourceChars, `source is limited to ${TURN_LIMITS.sourceChars} characters.`),
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(TURN_LIMITS.messageChars, `a message is limited to ${TURN_LIMITS.messageChars} characters.`) }))
    .min(1, 'messages needs at least one user message.')
    .max(TURN_LIMITS.messages, `at most ${TURN_LIMITS.messages} messages.`),
  model: modelConfigSchema,
  permissions: z
    .object({
      mode: permissionModeSchema,
      allow: z.array(z.string().max(200)).max(100).optional(),
      deny: z.array(z.string().max(200)).max(100).optional(),
    })
    .optional(),
  mode: turnModeSchema.optional(),
  resultSchema: jsonObject.optional(),
  maxIterations: z.number().int().min(1).max(TURN_LIMITS.maxIterations, `maxIterations is at most ${TURN_LIMITS.maxIterations}.`).optional(),
  files: z
    .record(z.string().max(500), z.string().max(TURN_LIMITS.fileChars, `a seed file is limited to ${TURN_LIMITS.fileChars} characters.`))
    .refine((files) => Object.keys(files).length <= TURN_LIMITS.files, `at most ${TURN_LIMITS.files} seed files.`)
    .optional(),
  seed: z.number().int().optional(),
});

export type TurnRequest = z.infer<typeof turnRequestSchema>;

export const compileRequestSchema = z.object({
  source: z.string().max(TURN_LIMITS.sourceChars, `source is limited to ${TURN_LIMITS.sourceChars} characters.`),
});

export const approvalRequestSchema = z.object({
  callId: z.string().min(1).max(200),
  approved: z.boolean(),
  reason: z.string().max(2000).optional(),
});
