import { runtimeEventSchema, type RuntimeEvent } from '@/lib/runtime';
import { createSseParser } from '@/lib/client/api';

/**
 * Reads a turn's SSE stream to its end, every event parsed with the wire schema; `onEvent` sees
 * each as it arrives (to approve or type an output while the turn waits).
 */
export async function readEventStream(stream: ReadableStream<Uint8Array>, onEvent?: (event: RuntimeEvent) => void): Promise<RuntimeEvent[]> {
  const events: RuntimeEvent[] = [];
  const parser = createSseParser();
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    for (const data of parser.push(decoder.decode(chunk.value, { stream: true }))) {
      const event = runtimeEventSchema.parse(JSON.parse(data));
      events.push(event);
      onEvent?.(event);
    }
  }
  return events;
}
