import { hasUnsafeCharacters, renderCommentText, replaceUnsafeCharacters, toUnicodeEscape, renderCodeLiteral, renderStringLiteral } from '@/lib/interop';
import { isHttpMethod } from '@/lib/contract';
import { formatGeminiSdkCode } from './format-gemini-sdk-code';
import { isPlainObject, type JsonValue } from '@/lib/runtime';

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

export type WireFormat = 'responses' | 'chat-completions' | 'anthropic-messages' | 'gemini';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';
/** The API version curl states; the SDK sends its own. */
const ANTHROPIC_VERSION = '2023-06-01';

/**
 * Anthropic's Messages or Chat Completions when the URL says so (or, without a URL, Chat
 * Completions when the body has `messages`: recordings without URLs predate Anthropic), else Responses.
 */
export function detectWireFormat(exchange: ExchangeRequest): WireFormat {
  if (exchange.url) {
    if (/\/v1\/messages\/?(?:[?#].*)?$/.test(exchange.url)) return 'anthropic-messages';
    if (/:(?:stream)?generateContent(?:[?#].*)?$/i.test(exchange.url)) return 'gemini';
    return /\/chat\/completions\/?(?:[?#].*)?$/.test(exchange.url) ? 'chat-completions' : 'responses';
  }
  if (isPlainObject(exchange.request) && Array.isArray(exchange.request.contents)) return 'gemini';
  return isPlainObject(exchange.request) && Array.isArray(exchange.request.messages) ? 'chat-completions' : 'responses';
}

export function describeEndpoint(exchange: ExchangeRequest): ExchangeEndpoint {
  if (!exchange.url) {
    const format = detectWireFormat(exchange);
    if (format === 'gemini') return { kind: 'unrecorded', url: `${GEMINI_BASE_URL}/v1beta/models/MODEL:generateContent` };
    return { kind: 'unrecorded', url: `${OPENAI_BASE_URL}${format === 'chat-completions' ? '/chat/completions' : '/responses'}` };
  }
  const host = URL.canParse(exchange.url) ? new URL(exchange.url).hostname : '';
  if (host === 'embedded.invalid') return { kind: 'embedded', url: exchange.url };
  if (host === 'tape.invalid') return { kind: 'tape', url: exchange.url };
  return { kind: 'network', url: exchange.url };
}

/** Why the URL in the generated code is not one to run as is, one sentence a line; empty when it is. */
export function describeEndpointCaveats(endpoint: ExchangeEndpoint, format: WireFormat = 'responses'): string[] {
  const provider =
    format === 'anthropic-messages'
      ? { name: 'Anthropic', url: ANTHROPIC_BASE_URL, model: '"model" to a Claude model' }
      : format === 'gemini'
        ? { name: 'Gemini', url: GEMINI_BASE_URL, model: 'the model in the path to a Gemini model' }
        : { name: 'OpenAI', url: OPENAI_BASE_URL, model: '"model" to an OpenAI model' };
  switch (endpoint.kind) {
    case 'network':
      return [];
    case 'embedded':
      return [
        `${endpoint.url} is the playground's in-process embedded model: nothing listens there.`,
        `To send this to ${provider.name}, use ${provider.url} instead and set ${provider.model}.`,
      ];
    case 'tape':
      return [`${endpoint.url} is the playground replaying a recording: nothing listens there.`, `To send this to ${provider.name}, use ${provider.url} instead.`];
    case 'unrecorded':
      return [`The URL of this request was not recorded; ${endpoint.url} is a guess from the body's format.`];
  }
}

/**
 * The body exactly as sent: JSON pretty-printed, or the raw text when it was not JSON. Characters
 * that must not appear raw in copied text (see `escape-unsafe-characters`) can only sit inside
 * JSON strings, where they are written as `\uXXXX`: the same JSON, one visible line per line.
 */
export function formatBody(value: JsonValue): string {
  if (typeof value === 'string') return value;
  // The line feeds JSON.stringify writes are its indentation; any other unsafe character is in a string.
  return replaceUnsafeCharacters(JSON.stringify(value, null, 2), (character) => (character === '\n' ? character : toUnicodeEscape(character)));
}

/** `JSON`, or `JSON_2`, `JSON_3`… : the first heredoc delimiter that is not a line of the body. */
export function chooseHeredocDelimiter(body: string): string {
  const lines = new Set(body.split(/\r?\n/));
  let delimiter = 'JSON';
  for (let suffix = 2; lines.has(delimiter); suffix += 1) delimiter = `JSON_${suffix}`;
  return delimiter;
}

/** A word in single quotes, so the shell expands nothing in it. */
export function quoteForShell(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** A URL as curl gets it: control, separator and invisible characters percent-encoded (no valid URL holds them raw). */
export function encodeUnsafeUrlCharacters(url: string): string {
  return replaceUnsafeCharacters(url, (character) => (character.length === 1 && character >= '\ud800' && character <= '\udfff' ? '%EF%BF%BD' : encodeURIComponent(character)));
}

/**
 * A POSIX `printf` format that prints `body` byte for byte: `%` and `\` escaped, each unsafe
 * character but the line feed as the octal escapes of its UTF-8 bytes, so the command holds only
 * visible text (and line feeds, inside the quotes).
 */
function renderPrintfFormat(body: string): string {
  const escaped = body.replaceAll('\\', '\\\\').replaceAll('%', '%%');
  const encoder = new TextEncoder();
  return replaceUnsafeCharacters(escaped, (character) =>
    character === '\n' ? character : [...encoder.encode(character)].map((byte) => `\\${byte.toString(8).padStart(3, '0')}`).join(''),
  );
}

/** The headers a curl command sends: the key from the environment, as each provider takes it. */
function describeCurlHeaders(format: WireFormat): string[] {
  const auth =
    format === 'anthropic-messages'
      ? [`  -H "x-api-key: $ANTHROPIC_API_KEY" \\`, `  -H "anthropic-version: ${ANTHROPIC_VERSION}" \\`]
      : format === 'gemini'
        ? [`  -H "x-goog-api-key: $GEMINI_API_KEY" \\`]
        : [`  -H "Authorization: Bearer $OPENAI_API_KEY" \\`];
  return [...auth, `  -H "Content-Type: application/json" \\`];
}

/**
 * A curl command that resends the request: the key as `$OPENAI_API_KEY` (Anthropic's as `$ANTHROPIC_API_KEY`), the body on a quoted
 * heredoc so no character in it needs escaping (or, when it holds characters a terminal or
 * editor could take for a line break or hide, from a `printf` whose format spells them as
 * escapes), and `--data-binary` so curl sends it unaltered. Every recorded word is single-quoted
 * and every comment one line: running or pasting it runs nothing but curl.
 */
export function formatCurl(exchange: ExchangeRequest): string {
  const endpoint = describeEndpoint(exchange);
  const format = detectWireFormat(exchange);
  const body = formatBody(exchange.request);
  const recordedMethod = exchange.method ?? 'POST';
  const methodValid = isHttpMethod(recordedMethod);
  const method = methodValid ? recordedMethod.toUpperCase() : 'POST';
  const comments = [
    ...describeEndpointCaveats(endpoint, format),
    ...(methodValid ? [] : [`The recorded method ${JSON.stringify(recordedMethod)} is not an HTTP method; POST is used instead.`]),
  ].map((line) => `# ${renderCommentText(line)}`);
  const target = `${method === 'POST' ? '' : `-X ${/^[A-Z]+$/.test(method) ? method : quoteForShell(method)} `}${quoteForShell(encodeUnsafeUrlCharacters(endpoint.url))}`;
  return renderCurlCommand({ comments, target, headers: describeCurlHeaders(format), body });
}

/**
 * The command around a body: the comments, `curl <target>`, one `-H` line per header, and the body
 * on a quoted heredoc (or from `printf` when it holds characters a terminal could hide).
 */
export function renderCurlCommand(parts: { comments: readonly string[]; target: string; headers: readonly string[]; body: string }): string {
  const { comments, target, headers, body } = parts;
  if (hasUnsafeCharacters(body.replace(/[\n\t]/g, ''))) {
    return [...comments, `printf '${renderPrintfFormat(body).replaceAll("'", `'\\''`)}' |`, `curl ${target} \\`, ...headers, '  --data-binary @-'].join('\n');
  }
  const delimiter = chooseHeredocDelimiter(body);
  return [...comments, `curl ${target} \\`, ...headers, `  --data-binary @- <<'${delimiter}'`, body, delimiter].join('\n');
}

/** The base URL the SDK takes: the recorded URL without its endpoint path. */
function toBaseURL(url: string, format: WireFormat): string {
  const suffix = format === 'anthropic-messages' ? /\/v1\/messages\/?$/ : format === 'chat-completions' ? /\/chat\/completions\/?$/ : /\/responses\/?$/;
  return url.replace(suffix, '');
}

/**
 * TypeScript with the provider's SDK that resends the request: `openai`'s `client.responses.create`
 * or `client.chat.completions.create`, or `@anthropic-ai/sdk`'s `client.messages.create`, with the body as an object literal that evaluates to exactly
 * the recorded body (strings escaped by `renderStringLiteral`, comments one line each).
 */
export function formatSdkCode(exchange: ExchangeRequest): string {
  const endpoint = describeEndpoint(exchange);
  const format = detectWireFormat(exchange);
  if (format === 'gemini') return formatGeminiSdkCode(exchange);
  const baseURL = toBaseURL(endpoint.url, format);
  const caveats = describeEndpointCaveats(endpoint, format).map((line) => `// ${renderCommentText(line)}`);
  const anthropic = format === 'anthropic-messages';
  const header = [
    anthropic ? "import Anthropic from '@anthropic-ai/sdk';" : "import OpenAI from 'openai';",
    '',
    ...caveats,
    anthropic
      ? `const client = new Anthropic({ apiKey: process.env.ANTHROPIC_API_KEY, baseURL: ${renderStringLiteral(baseURL)} });`
      : `const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY, baseURL: ${renderStringLiteral(baseURL)} });`,
  ];
  if (!isPlainObject(exchange.request)) {
    return [...header, '', '// The recorded request body is not a JSON object, so it cannot be written as SDK arguments:', ...formatBody(exchange.request).split('\n').map((line) => `// ${renderCommentText(line)}`)].join('\n');
  }
  const create = anthropic ? 'client.messages.create' : format === 'chat-completions' ? 'client.chat.completions.create' : 'client.responses.create';
  const streamed = exchange.request.stream === true;
  return [
    ...header,
    `const ${streamed ? 'stream' : 'response'} = await ${create}(${renderCodeLiteral(exchange.request)});`,
    streamed ? 'for await (const event of stream) console.log(event);' : 'console.log(response);',
  ].join('\n');
}

/** Which SDK `formatSdkCode` writes for an exchange, for the button's label. */
export function describeSdk(exchange: ExchangeRequest): 'openai' | '@anthropic-ai/sdk' | '@google/genai' {
  const format = detectWireFormat(exchange);
  return format === 'gemini' ? '@google/genai' : format === 'anthropic-messages' ? '@anthropic-ai/sdk' : 'openai';
}
