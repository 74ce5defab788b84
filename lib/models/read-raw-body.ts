import type { ModelError } from '@/lib/runtime/model/model-client';
import { err, ok, type Result } from '@/lib/runtime/result';
import { mapModelError, type ErrorContext } from './map-model-error';
import { startSentence } from './start-sentence';

/**
 * Runs an SDK call up to the raw HTTP response and parses the body here, so a garbage body
 * becomes `response-malformed` instead of tripping the SDK's post-processing.
 */
export async function readRawBody(call: () => Promise<Response>, context: ErrorContext): Promise<Result<unknown, ModelError>> {
  let text: string;
  try {
    text = await (await call()).text();
  } catch (error) {
    return err(mapModelError(error, context));
  }
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const preview = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    return err({ code: 'response-malformed', message: `${startSentence(context.providerName)} sent a body that is not valid JSON (${error.message}): ${preview}` });
  }
}
