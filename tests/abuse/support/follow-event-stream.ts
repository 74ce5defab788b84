import { createSseParser } from '@/lib/client/api';

/**
 * Reads an SSE body in the background: each event's JSON is pushed onto `events` as it arrives,
 * and `onEnd` runs once the stream ends or the test closes it (an aborted read is the test's Stop).
 */
export function followEventStream<T>(body: AsyncIterable<Uint8Array>, events: T[], onEnd: () => void): void {
  const parser = createSseParser();
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        for (const data of parser.push(decoder.decode(chunk, { stream: true }))) events.push(JSON.parse(data) as T);
      }
    } catch {
      // Closed by the test.
    }
    onEnd();
  })();
}
