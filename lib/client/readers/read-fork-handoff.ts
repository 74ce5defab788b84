import { z } from 'zod';
import { permissionModeSchema, runtimeEventSchema, turnModeSchema } from '@/lib/runtime';
import { forkHandoffKey } from '../fork-handoff';
import { editorDocumentsSchema, modelFormSchema } from '../playground-schemas';

const forkHandoffSchema = z.object({
  sessionId: z.string(),
  autoRun: z.boolean(),
  documents: editorDocumentsSchema,
  message: z.string(),
  model: modelFormSchema,
  permissionMode: permissionModeSchema,
  mode: turnModeSchema,
  maxIterations: z.number().int(),
  instructions: z.string().optional(),
  answerByHand: z.array(z.string()).optional(),
  /** The recorded turns' events, up to the turn the fork continues from. */
  events: z.array(runtimeEventSchema),
  /** The assertions editor's text. */
  assertions: z.string().optional(),
  /** Run recorded turn `turn` again with these outputs changed (`POST /api/sessions/<id>/fork`), instead of the composer's message. */
  forkRun: z
    .object({
      turn: z.number().int().nonnegative(),
      message: z.string(),
      outputs: z.array(z.object({ callId: z.string(), output: z.string() })),
      /** What was edited on the shared page (see `selectForkEdits`): the module, settings, and whether the model changed. */
      source: z.string().optional(),
      permissionMode: permissionModeSchema.optional(),
      maxIterations: z.number().int().optional(),
      instructions: z.string().optional(),
      useModel: z.boolean().optional(),
    })
    .optional(),
});

/**
 * What Fork hands from `/s/<id>` to `/?fork=<id>` through sessionStorage: the editor as the user
 * left it (edits included), the recorded events, and whether to run at once. Never an API key.
 */
export type ForkHandoff = z.infer<typeof forkHandoffSchema>;

/** The handoff for this session, or null when there is none (opened in another tab) or it is unreadable. */
export function readForkHandoff(storage: Pick<Storage, 'getItem'>, sessionId: string): ForkHandoff | null {
  const text = storage.getItem(forkHandoffKey(sessionId));
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    console.warn('Ignoring an unreadable fork handoff:', error);
    return null;
  }
  const parsed = forkHandoffSchema.safeParse(json);
  if (!parsed.success || parsed.data.sessionId !== sessionId) {
    console.warn('Ignoring a fork handoff of another shape or session.');
    return null;
  }
  return parsed.data;
}
