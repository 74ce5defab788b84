import { z } from 'zod';
import { embeddedWireSchema, faultKindSchema, geminiFunctionCallingModeSchema } from '@/lib/contract';
import { DEFAULT_ANTHROPIC_MODEL } from './settings-slice';

/** The Gemini model the form starts with. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';

/** The editor's four documents, as a fork handoff and a draft carry them. */
export const editorDocumentsSchema = z.object({ tools: z.string(), script: z.string(), 'result-schema': z.string(), files: z.string() });

// Keys live apart from the form (the tab's sessionStorage, by base URL); an older `apiKey` field is dropped as an unknown key.
const remoteSettingsSchema = z.object({ model: z.string(), baseURL: z.string() });

/** The run panel's model form (`ModelSettings`), as a fork handoff and a draft carry it: never a key. */
export const modelFormSchema = z.object({
  provider: z.enum(['auto', 'scripted', 'openai', 'openai-compatible', 'anthropic', 'gemini']),
  seed: z.number(),
  faultRate: z.number(),
  faultKinds: z.array(faultKindSchema).optional(),
  openai: remoteSettingsSchema,
  compatible: remoteSettingsSchema,
  // Drafts and handoffs written before Anthropic was offered carry neither.
  wire: embeddedWireSchema.default('openai'),
  anthropic: remoteSettingsSchema.default({ model: DEFAULT_ANTHROPIC_MODEL, baseURL: '' }),
  gemini: remoteSettingsSchema.default({ model: DEFAULT_GEMINI_MODEL, baseURL: '' }),
  geminiMode: geminiFunctionCallingModeSchema.optional(),
});
