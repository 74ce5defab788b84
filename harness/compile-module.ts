/** What POST /api/tools/compile answered, or status 0 when it did not answer in time. */
export type CompileAnswer = { status: number; elapsedMs: number; body: unknown; text: string; headers: Headers };

/** POST /api/tools/compile with a time bound; the parsed JSON body when it is JSON. */
export async function compileModule(baseURL: string, source: string, timeoutMs = 30_000): Promise<CompileAnswer> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseURL}/api/tools/compile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, elapsedMs: performance.now() - started, body, text: text.slice(0, 500), headers: response.headers };
  } catch (error) {
    return { status: 0, elapsedMs: performance.now() - started, body: undefined, text: `no answer: ${String(error)}`, headers: new Headers() };
  }
}
