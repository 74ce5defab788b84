import { isPlainObject, type JsonValue } from '@/lib/runtime/json';

/** The parts of a recorded exchange that code to resend it needs. */
export type ExchangeRequest = {
  request: JsonValue;
  /** Absent on recordings made before URLs were kept. */
  url?: string;
  method?: string;
};

/**
 * Where a recorded request went. The playground's in-process servers live under hosts ending in
 * `.invalid`, a name reserved never to resolve: `embedded.invalid` (EMBEDDED_BASE_URL) for the
 * embedded models, `tape.invalid` (TAPE_BASE_URL) for replays.
 */
export type ExchangeEndpoint =
  | { kind: 'network'; url: string }
  | { kind: 'embedded'; url: string }
  | { kind: 'tape'; url: string }
  /** No URL was recorded: the endpoint is guessed from the body's wire format. */
  | { kind: 'unrecorded'; url: string };

export type WireFormat = 'responses' | 'chat-completions';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Chat Completions when the URL says so (or, without a URL, when the body has `messages`), else Responses. */
export function detectWireFormat(exchange: ExchangeRequest): WireFormat {
  if (exchange.url) return /\/chat\/completions\/?(?:[?#].*)?$/.test(exchange.url) ? 'chat-completions' : 'responses';
  return isPlainObject(exchange.request) && Array.isArray(exchange.request.messages) ? 'chat-completions' : 'responses';
}

export function describeEndpoint(exchange: ExchangeRequest): ExchangeEndpoint {
  if (!exchange.url) {
    const path = detectWireFormat(exchange) === 'chat-completions' ? '/chat/completions' : '/responses';
    return { kind: 'unrecorded', url: `${OPENAI_BASE_URL}${path}` };
  }
  const host = URL.canParse(exchange.url) ? new URL(exchange.url).hostname : '';
  if (host === 'embedded.invalid') return { kind: 'embedded', url: exchange.url };
  if (host === 'tape.invalid') return { kind: 'tape', url: exchange.url };
  return { kind: 'network', url: exchange.url };
}

/** Why the URL in the generated code is not one to run as is, one sentence a line; empty when it is. */
export function describeEndpointCaveats(endpoint: ExchangeEndpoint): string[] {
  switch (endpoint.kind) {
    case 'network':
      return [];
    case 'embedded':
      return [
        `${endpoint.url} is the playground's in-process embedded model: nothing listens there.`,
        `To send this to OpenAI, use ${OPENAI_BASE_URL} instead and set "model" to an OpenAI model.`,
      ];
    case 'tape':
      return [`${endpoint.url} is the playground replaying a recording: nothing listens there.`, `To send this to OpenAI, use ${OPENAI_BASE_URL} instead.`];
    case 'unrecorded':
      return [`The URL of this request was not recorded; ${endpoint.url} is a guess from the body's format.`];
  }
}

/** The body exactly as sent: JSON pretty-printed, or the raw text when it was not JSON. */
export function formatBody(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** `JSON`, or `JSON_2`, `JSON_3`… : the first heredoc delimiter that is not a line of the body. */
export function chooseHeredocDelimiter(body: string): string {
  const lines = new Set(body.split(/\r?\n/));
  let delimiter = 'JSON';
  for (let suffix = 2; lines.has(delimiter); suffix += 1) delimiter = `JSON_${suffix}`;
  return delimiter;
}

/** A word in single quotes, so the shell expands nothing in it. */
function quoteForShell(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * A curl command that resends the request: the key as `$OPENAI_API_KEY`, the body on a quoted
 * heredoc so no character in it needs escaping, and `--data-binary` so curl sends it unaltered.
 */
export function formatCurl(exchange: ExchangeRequest): string {
  const endpoint = describeEndpoint(exchange);
  const body = formatBody(exchange.request);
  const delimiter = chooseHeredocDelimiter(body);
  const method = (exchange.method ?? 'POST').toUpperCase();
  return [
    ...describeEndpointCaveats(endpoint).map((line) => `# ${line}`),
    `curl ${method === 'POST' ? '' : `-X ${method} `}${quoteForShell(endpoint.url)} \\`,
    `  -H "Authorization: Bearer $OPENAI_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  --data-binary @- <<'${delimiter}'`,
    body,
    delimiter,
  ].join('\n');
}

/** The base URL the SDK takes: the recorded URL without its endpoint path. */
function toBaseURL(url: string, format: WireFormat): string {
  const suffix = format === 'chat-completions' ? /\/chat\/completions\/?$/ : /\/responses\/?$/;
  return url.replace(suffix, '');
}

/**
 * TypeScript with the `openai` SDK that resends the request: `client.responses.create` or
 * `client.chat.completions.create` with the body as its argument (JSON is a valid object literal).
 */
export function formatOpenAISdkCode(exchange: ExchangeRequest): string {
  const endpoint = describeEndpoint(exchange);
  const format = detectWireFormat(exchange);
  const baseURL = toBaseURL(endpoint.url, format);
  const caveats = describeEndpointCaveats(endpoint).map((line) => `// ${line}`);
  const header = [
    "import OpenAI from 'openai';",
    '',
    ...caveats,
    `const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY, baseURL: ${JSON.stringify(baseURL)} });`,
  ];
  if (!isPlainObject(exchange.request)) {
    return [...header, '', '// The recorded request body is not a JSON object, so it cannot be written as SDK arguments:', ...formatBody(exchange.request).split('\n').map((line) => `// ${line}`)].join('\n');
  }
  const create = format === 'chat-completions' ? 'client.chat.completions.create' : 'client.responses.create';
  const streamed = exchange.request.stream === true;
  return [
    ...header,
    `const ${streamed ? 'stream' : 'response'} = await ${create}(${JSON.stringify(exchange.request, null, 2)});`,
    streamed ? 'for await (const event of stream) console.log(event);' : 'console.log(response);',
  ].join('\n');
}
