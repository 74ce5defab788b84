import { renderCodeLiteral, renderCommentText, renderStringLiteral } from '@/lib/interop';
import { isPlainObject, type JsonValue } from '@/lib/runtime';
import { describeEndpoint, describeEndpointCaveats, formatBody, type ExchangeRequest } from './format-exchange-code';

/** The REST body's fields that `@google/genai` takes inside `config` rather than at the top. */
const CONFIG_FIELDS = ['systemInstruction', 'tools', 'toolConfig', 'safetySettings', 'cachedContent'] as const;

/**
 * TypeScript with `@google/genai` that resends a recorded Gemini request: the model from the
 * URL's path, `contents` as recorded, and the rest of the REST body moved where the SDK takes it
 * (`systemInstruction`, `tools`, `toolConfig` and every `generationConfig` field into `config`);
 * `generateContentStream` when the recording streamed. Strings escaped by `renderStringLiteral`.
 */
export function formatGeminiSdkCode(exchange: ExchangeRequest): string {
  const endpoint = describeEndpoint(exchange);
  const match = /^(.*?)\/v1[^/]*\/models\/([^/:]+):(streamGenerateContent|generateContent)/i.exec(endpoint.url);
  const baseURL = match?.[1] ?? endpoint.url;
  const model = decodeURIComponent(match?.[2] ?? 'MODEL');
  const streamed = match?.[3] === 'streamGenerateContent';
  const caveats = describeEndpointCaveats(endpoint, 'gemini').map((line) => `// ${renderCommentText(line)}`);
  const header = [
    "import { GoogleGenAI } from '@google/genai';",
    '',
    ...caveats,
    `const ai = new GoogleGenAI({ apiKey: process.env.GEMINI_API_KEY, httpOptions: { baseUrl: ${renderStringLiteral(baseURL)} } });`,
  ];
  const body = exchange.request;
  if (!isPlainObject(body)) {
    return [...header, '', '// The recorded request body is not a JSON object, so it cannot be written as SDK arguments:', ...formatBody(body).split('\n').map((line) => `// ${renderCommentText(line)}`)].join('\n');
  }
  const config: { [key: string]: JsonValue } = {};
  for (const field of CONFIG_FIELDS) if (body[field] !== undefined) config[field] = body[field];
  if (isPlainObject(body.generationConfig)) Object.assign(config, body.generationConfig);
  const parameters: { [key: string]: JsonValue } = { model, contents: body.contents ?? [], ...(Object.keys(config).length > 0 ? { config } : {}) };
  return [
    ...header,
    `const ${streamed ? 'stream' : 'response'} = await ai.models.${streamed ? 'generateContentStream' : 'generateContent'}(${renderCodeLiteral(parameters)});`,
    streamed ? 'for await (const chunk of stream) console.log(chunk);' : 'console.log(response);',
  ].join('\n');
}
