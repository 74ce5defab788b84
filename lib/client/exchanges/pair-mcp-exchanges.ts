import type { McpRecordedMessage } from '@/lib/contract';
import { isPlainObject, type JsonValue } from '@/lib/runtime';

/**
 * One JSON-RPC exchange with a server: a request and the response with its id, or a notification
 * alone. `direction` is the request's: `sent` by the playground, `received` when the server asked
 * (an elicitation, say) and the playground answered.
 */
export type McpExchange = {
  server: string;
  direction: 'sent' | 'received';
  method: string;
  id?: string | number;
  request: JsonValue;
  response?: JsonValue;
};

/**
 * The recorded messages of a turn as exchanges, in the order they started: each request with the
 * answer of the same id that went the other way, each notification on its own. A message kept as
 * a stub (too large) still names its method and id.
 */
export function pairMcpExchanges(messages: readonly McpRecordedMessage[]): McpExchange[] {
  const exchanges: McpExchange[] = [];
  const open = new Map<string, McpExchange>();
  for (const { server, direction, message } of messages) {
    const fields = isPlainObject(message) ? message : {};
    const id = typeof fields.id === 'string' || typeof fields.id === 'number' ? fields.id : undefined;
    if (typeof fields.method === 'string') {
      const exchange: McpExchange = { server, direction, method: fields.method, ...(id === undefined ? {} : { id }), request: message };
      exchanges.push(exchange);
      if (id !== undefined) open.set(keyOf(server, direction, id), exchange);
      continue;
    }
    const asked = id === undefined ? undefined : open.get(keyOf(server, direction === 'sent' ? 'received' : 'sent', id));
    if (asked && asked.response === undefined) asked.response = message;
  }
  return exchanges;
}

function keyOf(server: string, direction: string, id: string | number): string {
  return `${server}\n${direction}\n${typeof id}:${id}`;
}

/** What a request asked for, in a few words: `tools/call get_weather`, `tools/list`. */
export function describeMcpExchange(exchange: McpExchange): string {
  const params = isPlainObject(exchange.request) && isPlainObject(exchange.request.params) ? exchange.request.params : {};
  return typeof params.name === 'string' ? `${exchange.method} ${params.name}` : exchange.method;
}
