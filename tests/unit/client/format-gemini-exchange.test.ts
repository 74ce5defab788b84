import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { describeSdk, detectWireFormat, formatCurl } from '@/lib/client/exchanges/format-exchange-code';
import { formatGeminiSdkCode } from '@/lib/client/exchanges/format-gemini-sdk-code';

const body = {
  contents: [{ role: 'user', parts: [{ text: "what's the weather in Paris?" }] }],
  systemInstruction: { parts: [{ text: 'Be brief.' }] },
  tools: [{ functionDeclarations: [{ name: 'meteo.get_weather', description: 'Weather.', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } } }] }],
  toolConfig: { functionCallingConfig: { mode: 'VALIDATED' } },
  generationConfig: { temperature: 0.2 },
};
const liveUrl = 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse';

describe('copying a Gemini exchange', () => {
  it('recognises Gemini by its URL, or by `contents` when no URL was recorded', () => {
    expect(detectWireFormat({ request: body, url: liveUrl })).toBe('gemini');
    expect(detectWireFormat({ request: body })).toBe('gemini');
    expect(describeSdk({ request: body, url: liveUrl })).toBe('@google/genai');
    expect(describeSdk({ request: { input: [] }, url: 'https://api.openai.com/v1/responses' })).toBe('openai');
  });

  it('as curl: the key from $GEMINI_API_KEY in x-goog-api-key, and the body byte for byte', () => {
    const text = formatCurl({ request: body, url: liveUrl, method: 'POST' });
    expect(text.split('\n').slice(0, 3)).toEqual([`curl '${liveUrl}' \\`, '  -H "x-goog-api-key: $GEMINI_API_KEY" \\', '  -H "Content-Type: application/json" \\']);
    const printed = execFileSync('bash', ['--noprofile', '--norc', '-c', `curl() { cat; }\n${text}`], { env: { ...process.env, BASH_ENV: '' }, encoding: 'utf8' });
    expect(JSON.parse(printed)).toEqual(body);
  });

  it('as curl from the embedded model: says nothing listens there and where Gemini is', () => {
    const text = formatCurl({ request: body, url: 'http://embedded.invalid/v1beta/models/embedded-auto:streamGenerateContent?alt=sse' });
    expect(text.split('\n').slice(0, 2)).toEqual([
      "# http://embedded.invalid/v1beta/models/embedded-auto:streamGenerateContent?alt=sse is the playground's in-process embedded model: nothing listens there.",
      '# To send this to Gemini, use https://generativelanguage.googleapis.com instead and set the model in the path to a Gemini model.',
    ]);
  });

  it('as @google/genai code: the model from the path, generationConfig and the rest in config, streamed as recorded', () => {
    const code = formatGeminiSdkCode({ request: body, url: liveUrl });
    const lines = code.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      "import { GoogleGenAI } from '@google/genai';",
      '',
      "const ai = new GoogleGenAI({ apiKey: process.env.GEMINI_API_KEY, httpOptions: { baseUrl: 'https://generativelanguage.googleapis.com' } });",
      'const stream = await ai.models.generateContentStream({',
    ]);
    expect(lines.at(-1)).toBe('for await (const chunk of stream) console.log(chunk);');
    const literal = code.slice(code.indexOf('generateContentStream(') + 'generateContentStream('.length, code.indexOf(');\nfor await'));
    // The literal evaluates to the SDK's parameters for exactly the recorded body.
    expect(new Function(`return ${literal};`)()).toEqual({
      model: 'gemini-2.5-flash',
      contents: body.contents,
      config: { systemInstruction: body.systemInstruction, tools: body.tools, toolConfig: body.toolConfig, temperature: 0.2 },
    });
    expect(formatGeminiSdkCode({ request: body, url: liveUrl.replace(':streamGenerateContent?alt=sse', ':generateContent') })).toContain('await ai.models.generateContent({');
  });
});
