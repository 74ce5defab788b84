import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderCodeLiteral } from '@/lib/interop/schema/render-code-literal';
import {
  chooseHeredocDelimiter,
  describeEndpoint,
  formatBody,
  formatCurl,
  formatSdkCode,
} from '@/lib/client/exchanges/format-exchange-code';
import { EMBEDDED_BASE_URL } from '@/lib/models/embedded/embedded-fetch';
import { TAPE_BASE_URL } from '@/lib/models/tape-client';

const responsesBody = { model: 'gpt-5.4-mini', input: [{ role: 'user', content: "what's up?" }], tools: [], parallel_tool_calls: true };

/** Runs the curl text in bash with `curl` replaced by a function that prints its arguments, then the body it would send. */
function runInShell(curlText: string): { body: string; args: string } {
  const result = execFileSync('bash', ['--noprofile', '--norc', '-c', `curl() { for arg in "$@"; do printf '<%s>' "$arg"; done; printf '\\n'; cat; }\n${curlText}`], {
    env: { ...process.env, BASH_ENV: '', OPENAI_API_KEY: 'sk-test-key' },
    encoding: 'utf8',
  });
  const newline = result.indexOf('\n');
  return { args: result.slice(0, newline), body: result.slice(newline + 1) };
}

describe('formatCurl', () => {
  it('sends the body on a quoted heredoc with the key from $OPENAI_API_KEY', () => {
    const text = formatCurl({ request: responsesBody, url: 'https://api.openai.com/v1/responses', method: 'POST' });
    expect(text).toBe(
      [
        "curl 'https://api.openai.com/v1/responses' \\",
        '  -H "Authorization: Bearer $OPENAI_API_KEY" \\',
        '  -H "Content-Type: application/json" \\',
        "  --data-binary @- <<'JSON'",
        JSON.stringify(responsesBody, null, 2),
        'JSON',
      ].join('\n'),
    );
  });

  it('round-trips a body with quotes, $, backticks and a line that is the delimiter, byte for byte', () => {
    const body = `{"note": "it's $HOME and \`date\`"}\nJSON\nJSON_2\n'JSON'`;
    const text = formatCurl({ request: body, url: 'http://localhost:11434/v1/chat/completions?x=1&y=2', method: 'POST' });
    expect(text).toContain("<<'JSON_3'");
    const sent = runInShell(text);
    expect(sent.body).toBe(`${body}\n`);
    expect(sent.args).toBe('<http://localhost:11434/v1/chat/completions?x=1&y=2><-H><Authorization: Bearer sk-test-key><-H><Content-Type: application/json><--data-binary><@->');
  });

  it('round-trips a JSON body whose strings hold quotes and newlines', () => {
    const request = { input: [{ role: 'user', content: "line one\nJSON\nit's \"quoted\" $PATH" }] };
    const sent = runInShell(formatCurl({ request, url: 'https://api.openai.com/v1/responses' }));
    expect(JSON.parse(sent.body)).toEqual(request);
  });

  it('quotes a URL holding a single quote', () => {
    const sent = runInShell(formatCurl({ request: {}, url: "https://example.com/v1/it's/responses" }));
    expect(sent.args.startsWith("<https://example.com/v1/it's/responses>")).toBe(true);
  });

  it('sends a body holding carriage returns and line separators through printf, byte for byte, on one visible line each', () => {
    const body = "a\rb\u2028c\u2029d'e%s\\n\u202ef\nJSON\ng";
    const text = formatCurl({ request: body, url: 'https://api.openai.com/v1/responses', method: 'POST' });
    expect(text).not.toMatch(/[\r\u2028\u2029\u202e]/);
    expect(text.split('\n')[0]).toBe("printf 'a\\015b\\342\\200\\250c\\342\\200\\251d'\\''e%%s\\\\n\\342\\200\\256f");
    expect(runInShell(text).body).toBe(body);
  });

  it('writes a JSON body with such characters in its strings as \\u escapes: the same JSON', () => {
    const request = { input: 'a\rb\u2028c\u0085d\u200be' };
    const text = formatCurl({ request, url: 'https://api.openai.com/v1/responses' });
    expect(text).toContain('"input": "a\\rb\\u2028c\\u0085d\\u200be"');
    expect(JSON.parse(runInShell(text).body)).toEqual(request);
  });

  it('quotes a method that is a token but not a word, and replaces one that is not a token', () => {
    expect(formatCurl({ request: {}, url: 'https://x.test/v1', method: "P'T" })).toContain("curl -X 'P'\\''T' 'https://x.test/v1'");
    const text = formatCurl({ request: {}, url: 'https://x.test/v1', method: 'GET $(id)\n' });
    expect(text.split('\n')[0]).toBe('# The recorded method "GET $(id)\\n" is not an HTTP method; POST is used instead.');
    expect(text).toContain("curl 'https://x.test/v1' \\");
  });

  it('percent-encodes control characters of a URL and keeps its comment one line', () => {
    const text = formatCurl({ request: {}, url: `${EMBEDDED_BASE_URL}/responses\ntouch x\r` });
    expect(text).toContain(`curl '${EMBEDDED_BASE_URL}/responses%0Atouch x%0D' \\`);
    expect(text.split('\n')[0]).toBe(`# ${EMBEDDED_BASE_URL}/responses\\ntouch x\\r is the playground's in-process embedded model: nothing listens there.`);
  });

  it('names a method other than POST', () => {
    expect(formatCurl({ request: null, url: 'https://api.openai.com/v1/models', method: 'get' })).toContain("curl -X GET 'https://api.openai.com/v1/models'");
  });

  it('says when the URL is the embedded model and what to change', () => {
    const text = formatCurl({ request: responsesBody, url: `${EMBEDDED_BASE_URL}/responses`, method: 'POST' });
    expect(text.split('\n').slice(0, 3)).toEqual([
      "# http://embedded.invalid/v1/responses is the playground's in-process embedded model: nothing listens there.",
      '# To send this to OpenAI, use https://api.openai.com/v1 instead and set "model" to an OpenAI model.',
      "curl 'http://embedded.invalid/v1/responses' \\",
    ]);
  });

  it('guesses the endpoint of an old recording without a URL, and says so', () => {
    const text = formatCurl({ request: { messages: [] } });
    expect(text).toContain("# The URL of this request was not recorded; https://api.openai.com/v1/chat/completions is a guess from the body's format.");
    expect(text).toContain("curl 'https://api.openai.com/v1/chat/completions'");
  });
});

describe('formatSdkCode', () => {
  it('writes client.responses.create with the body and the base URL', () => {
    expect(formatSdkCode({ request: responsesBody, url: 'https://api.openai.com/v1/responses' })).toBe(
      [
        "import OpenAI from 'openai';",
        '',
        "const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY, baseURL: 'https://api.openai.com/v1' });",
        `const response = await client.responses.create(${renderCodeLiteral(responsesBody)});`,
        'console.log(response);',
      ].join('\n'),
    );
  });

  it('writes client.chat.completions.create for a Chat Completions URL', () => {
    const request = { model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }] };
    const text = formatSdkCode({ request, url: 'http://localhost:11434/v1/chat/completions' });
    expect(text).toContain("baseURL: 'http://localhost:11434/v1'");
    expect(text).toContain(`const response = await client.chat.completions.create(${renderCodeLiteral(request)});`);
  });

  it('iterates a streamed response', () => {
    const text = formatSdkCode({ request: { ...responsesBody, stream: true }, url: 'https://api.openai.com/v1/responses' });
    expect(text).toContain('const stream = await client.responses.create(');
    expect(text.endsWith('for await (const event of stream) console.log(event);')).toBe(true);
  });

  it('comments the embedded base URL', () => {
    const text = formatSdkCode({ request: responsesBody, url: `${EMBEDDED_BASE_URL}/responses` });
    expect(text).toContain("// http://embedded.invalid/v1/responses is the playground's in-process embedded model: nothing listens there.");
    expect(text).toContain(`baseURL: '${EMBEDDED_BASE_URL}'`);
  });

  it('passes an argument that evaluates to the exact body', () => {
    const request = JSON.parse('{"input": [{ "content": "it\'s </script> \\u2028 \\r `x` ${y}" }], "temperature": 0.5, "__proto__": { "a": 1 }}');
    const text = formatSdkCode({ request, url: 'https://api.openai.com/v1/responses' });
    const argument = text.slice(text.indexOf('create(') + 'create('.length, text.lastIndexOf(');'));
    expect(new Function(`return (${argument});`)()).toEqual(request);
  });

  it('keeps every line separator of the code its own line and shows it escaped', () => {
    const text = formatSdkCode({ request: { input: 'a\u2028b\rc\u202ed' }, url: 'https://api.openai.com/v1/responses\u2028x' });
    expect(text).not.toMatch(/[\r\u2028\u2029\u202e]/);
    expect(text).toContain("input: 'a\\u2028b\\rc\\u202ed'");
  });

  it('says so when the body is not a JSON object', () => {
    const text = formatSdkCode({ request: 'not json', url: 'https://api.openai.com/v1/responses' });
    expect(text).toContain('// The recorded request body is not a JSON object, so it cannot be written as SDK arguments:\n// not json');
    expect(text).not.toContain('create(');
  });
});

describe('helpers', () => {
  it('picks a delimiter no line of the body equals', () => {
    expect(chooseHeredocDelimiter('{"a": "JSON"}')).toBe('JSON');
    expect(chooseHeredocDelimiter('a\nJSON\nb')).toBe('JSON_2');
    expect(chooseHeredocDelimiter('JSON\r\nJSON_2')).toBe('JSON_3');
  });

  it('recognizes the playground in-process servers by their base URLs', () => {
    expect(describeEndpoint({ request: {}, url: `${EMBEDDED_BASE_URL}/responses` }).kind).toBe('embedded');
    expect(describeEndpoint({ request: {}, url: `${TAPE_BASE_URL}/responses` }).kind).toBe('tape');
    expect(describeEndpoint({ request: {}, url: 'https://api.openai.com/v1/responses' }).kind).toBe('network');
  });

  it('shows a non-JSON body as its raw text', () => {
    expect(formatBody('<html>')).toBe('<html>');
    expect(formatBody({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});

describe('an Anthropic Messages exchange', () => {
  const messagesBody = { model: 'embedded-auto', max_tokens: 8192, messages: [{ role: 'user', content: [{ type: 'text', text: "what's up?" }] }], stream: true };
  const exchange = { request: messagesBody, url: 'http://embedded.invalid/v1/messages', method: 'POST' };

  it('is copied as curl with Anthropic’s key header and version, and says where to send it instead', () => {
    const text = formatCurl(exchange);
    expect(text.split('\n').slice(0, 7)).toEqual([
      "# http://embedded.invalid/v1/messages is the playground's in-process embedded model: nothing listens there.",
      '# To send this to Anthropic, use https://api.anthropic.com instead and set "model" to a Claude model.',
      "curl 'http://embedded.invalid/v1/messages' \\",
      '  -H "x-api-key: $ANTHROPIC_API_KEY" \\',
      '  -H "anthropic-version: 2023-06-01" \\',
      '  -H "Content-Type: application/json" \\',
      "  --data-binary @- <<'JSON'",
    ]);
    expect(JSON.parse(runInShell(text).body)).toEqual(messagesBody);
  });

  it('is copied as @anthropic-ai/sdk code calling client.messages.create with the base URL the SDK takes', () => {
    const code = formatSdkCode({ ...exchange, url: 'https://api.anthropic.com/v1/messages' });
    expect(code).toContain("import Anthropic from '@anthropic-ai/sdk';");
    expect(code).toContain("const client = new Anthropic({ apiKey: process.env.ANTHROPIC_API_KEY, baseURL: 'https://api.anthropic.com' });");
    expect(code).toContain('const stream = await client.messages.create({');
  });
});
