import { z } from 'zod';
import { permissionModeSchema, runtimeEventSchema, turnModeSchema, modelSettingsSchema, type Result, err, ok } from '@/lib/runtime';
import { SIDE_BY_SIDE_LIMITS } from '@/lib/contract';
import { editorDocumentsSchema, modelFormSchema } from '../playground-schemas';
import type { DraftEntry } from '../workspace-draft';

const runSchema = z.object({
  runId: z.number().int(),
  phase: z.enum(['idle', 'starting', 'streaming', 'stopping', 'ended']),
  turnId: z.string().nullable(),
  message: z.string(),
  events: z.array(runtimeEventSchema),
  errors: z.array(z.string()),
  // Checked again by the server when the turn is shared.
  record: z.unknown().optional(),
});

const workspaceSchema = z.object({
  version: z.literal(1),
  documents: editorDocumentsSchema,
  activeTab: z.enum(['tools', 'script', 'result-schema', 'files']),
  message: z.string(),
  instructions: z.string(),
  model: modelFormSchema,
  // Drafts saved before side by side was kept have none: one model.
  extraModels: z.array(modelFormSchema).max(SIDE_BY_SIDE_LIMITS.modelConfigs - 1).default([]),
  requestSettings: modelSettingsSchema,
  permissionMode: permissionModeSchema,
  maxIterations: z.number().int(),
  mode: turnModeSchema,
  presetId: z.string().nullable(),
  answerByHand: z.array(z.string()),
  assertions: z.string(),
  origin: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('local') }),
    z.object({ kind: z.literal('shared'), sessionId: z.string(), createdAt: z.string(), title: z.string().optional() }),
    z.object({ kind: z.literal('forked'), sessionId: z.string() }),
  ]),
  conversation: z.object({
    branches: z.array(z.object({ id: z.number().int(), turns: z.array(runSchema), forkedFrom: z.object({ branchId: z.number().int(), turn: z.number().int() }).optional() })),
    activeBranchId: z.number().int(),
    nextBranchId: z.number().int(),
  }),
});

const entrySchema = z.object({
  id: z.string(),
  savedAt: z.number(),
  summary: z.object({ title: z.string(), model: z.string(), outcome: z.string(), turns: z.number() }),
  workspace: workspaceSchema,
});

/** A stored draft checked against today's shapes (events included), or why it cannot be restored. */
export function readWorkspaceDraft(value: unknown): Result<DraftEntry, string> {
  const parsed = entrySchema.safeParse(value);
  if (!parsed.success) return err(`The draft was saved by another version of the playground and cannot be restored (${parsed.error.issues[0]?.path.join('.') ?? 'shape'}).`);
  return ok(parsed.data as DraftEntry);
}
