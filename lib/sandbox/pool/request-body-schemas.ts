// The request bodies that may be large enough to be parsed in a sandbox worker, by name (a name crosses to the worker; a schema cannot).
import type { z } from 'zod';
import { shareSessionRequestSchema } from '@/lib/sessions';
import { evaluationRequestSchema, forkRequestSchema, toolCallRequestSchema, turnRequestSchema } from '@/lib/contract';

export const REQUEST_BODY_SCHEMAS = {
  turn: turnRequestSchema,
  toolCall: toolCallRequestSchema,
  fork: forkRequestSchema,
  share: shareSessionRequestSchema,
  evaluation: evaluationRequestSchema,
} as const;

export type RequestBodyName = keyof typeof REQUEST_BODY_SCHEMAS;

/** Each body as its schema reads it. */
export type RequestBodies = { [K in RequestBodyName]: z.infer<(typeof REQUEST_BODY_SCHEMAS)[K]> };
