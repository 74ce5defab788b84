// Direct calls (`POST /api/tools/call`) through the route handler, read as runtime events.
import { POST as postToolCall } from '@/app/api/tools/call/route';
import { createSseParser } from '@/lib/client/api';
import { runtimeEventSchema, type RuntimeEvent } from '@/lib/runtime';

export function callToolDirectly(body: Record<string, unknown>): Promise<Response> {
  return postToolCall(new Request('http://localhost/api/tools/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ source: 'export default [];', ...body }) }));
}

/** Every event of the stream, each checked against the event schema; `onEvent` sees each as it arrives. */
export async function readEvents(response: Response, onEvent?: (event: RuntimeEvent) => void): Promise<RuntimeEvent[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  const events: RuntimeEvent[] = [];
  for (;;) {
    const chunk = await reader.read();
    for (const data of chunk.done ? parser.flush() : parser.push(chunk.value)) {
      const event = runtimeEventSchema.parse(JSON.parse(data));
      events.push(event);
      onEvent?.(event);
    }
    if (chunk.done) return events;
  }
}
