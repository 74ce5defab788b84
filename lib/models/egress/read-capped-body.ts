import { err, ok, type Result } from '@/lib/runtime';
import type { EgressRefusal } from './egress-refusal';

/**
 * Reads a response body as UTF-8 text, at most `limitBytes` of it (after content decoding). A
 * body declared or found to be larger is cancelled, which drops the connection, and nothing
 * of it is returned.
 */
export async function readCappedBody(
  response: Response,
  limitBytes: number,
): Promise<Result<string, Extract<EgressRefusal, { code: 'response-too-large' }>>> {
  const tooLarge = { code: 'response-too-large', limitBytes } as const;
  if (!response.body) return ok('');
  if (!response.headers.has('content-encoding') && Number(response.headers.get('content-length') ?? 0) > limitBytes) {
    await response.body.cancel();
    return err(tooLarge);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      return err(tooLarge);
    }
    parts.push(decoder.decode(chunk.value, { stream: true }));
  }
  parts.push(decoder.decode());
  return ok(parts.join(''));
}
