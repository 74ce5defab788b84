/** The event sequence of Anthropic's streaming documentation for a tool use, with the input in pieces. */
export const documentedEvents = [
  { type: 'message_start', message: { id: 'msg_014p7gG3wDgGV9EUtLvnow3U', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', stop_sequence: null, usage: { input_tokens: 472, output_tokens: 2, cache_read_input_tokens: 100 }, content: [], stop_reason: null } },
  { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Weather tool. ' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrk' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
  { type: 'ping' },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Okay, let' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: "'s check the weather." } },
  { type: 'content_block_stop', index: 1 },
  { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'crm__find_customer', input: {} } },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '' } },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"name": "A' } },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: 'da"}' } },
  { type: 'content_block_stop', index: 2 },
  { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 89 } },
  { type: 'message_stop' },
];

/** `event:` and `data:` lines for each event, the way Anthropic writes a Messages stream. */
export function encodeAnthropicEvents(events: readonly { type: string }[]): string[] {
  return events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}
