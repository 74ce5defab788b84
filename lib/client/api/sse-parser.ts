/** Incremental parser for a `text/event-stream` body: feed decoded text, get complete messages' data. */
export type SseParser = {
  /** Adds text and returns the data of every message completed by it, in order. */
  push(text: string): string[];
  /** Returns the data of a final message the stream ended without a blank line after. */
  flush(): string[];
};

export function createSseParser(): SseParser {
  let buffer = '';
  let dataLines: string[] = [];

  function takeMessage(): string[] {
    if (dataLines.length === 0) return [];
    const data = dataLines.join('\n');
    dataLines = [];
    return [data];
  }

  function readLine(line: string): string[] {
    if (line === '') return takeMessage();
    if (line.startsWith(':')) return [];
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return [];
    const value = colon === -1 ? '' : line.slice(colon + 1);
    dataLines.push(value.startsWith(' ') ? value.slice(1) : value);
    return [];
  }

  return {
    push(text) {
      buffer += text;
      const messages: string[] = [];
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline !== -1) {
        // A lone trailing \r may be the first half of \r\n: wait for the next chunk.
        if (buffer[newline] === '\r' && newline === buffer.length - 1) break;
        const width = buffer.startsWith('\r\n', newline) ? 2 : 1;
        messages.push(...readLine(buffer.slice(0, newline)));
        buffer = buffer.slice(newline + width);
        newline = buffer.search(/\r\n|\r|\n/);
      }
      return messages;
    },
    flush() {
      const rest = buffer;
      buffer = '';
      const messages = rest === '' ? [] : readLine(rest);
      return [...messages, ...takeMessage()];
    },
  };
}
