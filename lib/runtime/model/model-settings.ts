import { z } from 'zod';

/** The upper bounds a request may set; providers apply their own, lower ones. */
export const MODEL_SETTINGS_LIMITS = { temperature: 2, maxOutputTokens: 1_000_000 } as const;

/**
 * Which tools the model may call, as the Responses API names it: `auto` (the model decides),
 * `required` (it must call one), `none` (it may not), or one function by its qualified name
 * (`namespace.name` inside a namespace).
 */
export const toolChoiceSchema = z.union([
  z.enum(['auto', 'required', 'none']),
  z.object({ type: z.literal('function'), name: z.string().min(1).max(200) }),
]);

/**
 * The sampling and tool settings a turn sends with its model requests, named as the Responses
 * API names them. Every field is optional: an absent one is the provider's default (and
 * `parallel_tool_calls` is then `true`).
 */
export const modelSettingsSchema = z.object({
  tool_choice: toolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().optional(),
  temperature: z.number().min(0).max(MODEL_SETTINGS_LIMITS.temperature, `temperature is at most ${MODEL_SETTINGS_LIMITS.temperature}.`).optional(),
  max_output_tokens: z
    .number()
    .int()
    .min(1)
    .max(MODEL_SETTINGS_LIMITS.maxOutputTokens, `max_output_tokens is at most ${MODEL_SETTINGS_LIMITS.maxOutputTokens}.`)
    .optional(),
});

export type ToolChoice = z.infer<typeof toolChoiceSchema>;
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

/** A tool choice as one request carries it: a named function resolved to its name and namespace. */
export type RequestToolChoice = 'auto' | 'required' | 'none' | { name: string; namespace?: string };
