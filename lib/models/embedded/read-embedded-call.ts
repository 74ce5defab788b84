import { err, ok, type Result } from '@/lib/runtime';

/** A request an embedded server answers, as its fetch received it. */
export type EmbeddedCall = {
  url: URL;
  method: string;
  text: string;
  /** The body as JSON, or the parser's reason. */
  body: Result<unknown, string>;
};

/** Reads a request handed to an embedded fetch; one already aborted is refused as fetch would refuse it. */
export function readEmbeddedCall(input: string | URL | Request, init: RequestInit | undefined): EmbeddedCall {
  if (init?.signal?.aborted) throw init.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const text = typeof init?.body === 'string' ? init.body : '';
  return { url, method: (init?.method ?? 'GET').toUpperCase(), text, body: parseJson(text) };
}

function parseJson(text: string): Result<unknown, string> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return err(error.message);
  }
}
