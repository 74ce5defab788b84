import { z } from 'zod';
import type { Result, ToolFailure } from '@/lib/runtime';

const failure = z.object({
  code: z.enum(['threw', 'output-invalid', 'timeout', 'aborted', 'limit-exceeded']),
  message: z.string(),
});
/**
 * Zod issues as the prelude copies them out (`rawIssue` there): checked only for their shape;
 * `readZodIssues` reads every other field defensively.
 */
export const sandboxZodIssues = z.array(z.looseObject({ code: z.string(), path: z.array(z.union([z.string(), z.number()])), message: z.string() }));

const envelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), failure }),
]);

/**
 * Reads an answer of the sandbox prelude. The text is parsed with `JSON.parse` in the host realm
 * and checked, because code in the sandbox could have tampered with anything it shares a realm with.
 */
export function readEnvelope(text: string): Result<unknown, ToolFailure> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: { code: 'threw', message: `The sandbox returned malformed JSON: ${String(error)}` } };
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success) return { ok: false, error: { code: 'threw', message: 'The sandbox returned an unexpected answer.' } };
  return parsed.data.ok ? { ok: true, value: parsed.data.value } : { ok: false, error: parsed.data.failure };
}
