import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAssertionTestFile } from '@/lib/replay/render-assertion-test';
import type { SessionAssertion } from '@/lib/contract/assertions/session-assertion';
import { formatCurl, formatSdkCode, type ExchangeRequest } from '@/lib/client/exchanges/format-exchange-code';
import { hasUnsafeCharacters, replaceUnsafeCharacters, toUnicodeEscape } from '@/lib/interop/schema/escape-unsafe-characters';
import type { ExportFormat } from '@/lib/interop/export/export-format';
import { exportTools } from '@/lib/interop/export/export-tools';
import type { InteropTool } from '@/lib/interop/export/interop-tool';
import type { JsonValue } from '@/lib/runtime';
import type { StoredSessionRecord } from '@/lib/sessions/record/compact-session-record';
import { createCopiedCodeRunner, type CopiedCodeRunner } from './support/run-copied-code';

/**
 * Copied code is inert: a stranger's recorded exchange (URL, method, body) or tool set (names,
 * descriptions, schemas) goes through Copy as curl, Copy as SDK code, every SDK export and the
 * exported test file, and the result is run for real (a shell, Node after stripping types) with
 * payloads that would create a marker file if any of them escaped its quoting. The shell text is
 * also run as a terminal or an editor might paste it (carriage returns and line separators turned
 * into line breaks).
 */
let runner: CopiedCodeRunner;
let receiver: { server: Server; baseURL: string; requests: { method: string; url: string; body: string }[] };

/** Every way out of a quote, a comment or a line we know of, each aimed at the marker. */
function hostileText(marker: string): string {
  const write = `process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(marker)}, 'js')`;
  return [
    `$(touch ${marker})`,
    `\`touch ${marker}\``,
    `'; touch ${marker}; '`,
    `"; touch ${marker}; "`,
    `\ntouch ${marker}\n`,
    `\rtouch ${marker}\r`,
    `\u2028touch ${marker}\u2029`,
    `\nJSON\ntouch ${marker}\nJSON_2\n`,
    `*/ ${write}; /*`,
    `'); ${write}; ('`,
    `"); ${write}; ("`,
    `\`); ${write}; (\``,
    `\${${write}}`,
    `\u2028${write}; //`,
    `\r${write}; //`,
    `\\'); ${write}; //`,
    `\u202e%s%n\\x41\u0000\u0085`,
  ].join(' ');
}

beforeAll(async () => {
  runner = createCopiedCodeRunner();
  const requests: { method: string; url: string; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'resp_1', object: 'response', output: [], status: 'completed' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = { server, baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
});

afterAll(async () => {
  runner?.cleanup();
  if (receiver) {
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

/** The same text as a terminal (CR → LF) or an editor that breaks lines at U+2028/U+2029 would paste it. */
function asPasted(text: string): string {
  return text.replace(/[\r\u2028\u2029\u0085]/g, '\n');
}

describe('Copy as curl and Copy as SDK code of a hostile exchange', () => {
  const exchanges = (): { name: string; exchange: ExchangeRequest; reachable: boolean }[] => {
    const hostile = hostileText(runner.marker);
    return [
      { name: 'a JSON body', exchange: { request: { model: 'gpt', input: [{ role: 'user', content: hostile }], [hostile]: hostile }, url: `${receiver.baseURL}/responses`, method: 'POST' }, reachable: true },
      { name: 'a raw text body', exchange: { request: hostile, url: `${receiver.baseURL}/responses`, method: 'POST' }, reachable: true },
      { name: 'a hostile URL and method', exchange: { request: { input: hostile }, url: `${receiver.baseURL}/responses?q=${hostile}`, method: `POST ${hostile}` }, reachable: false },
      { name: 'an embedded URL with a line break', exchange: { request: { input: hostile }, url: `http://embedded.invalid/v1/responses${hostile}` }, reachable: false },
    ];
  };

  it('writes curl text that parses, runs nothing but curl in bash and sh, pasted or not, and sends the exact body', () => {
    for (const { name, exchange, reachable } of exchanges()) {
      const text = formatCurl(exchange);
      expect(hasUnsafeCharacters(text.replace(/[\n]/g, '')), name).toBe(false);
      expect(runner.checkShellSyntax(text), name).toMatchObject({ status: 0 });
      for (const shell of ['bash', 'sh'] as const) {
        const run = runner.runShell(shell, text);
        expect(run.status, `${name} in ${shell}: ${run.stderr}`).toBe(0);
        expect(run.args[0], name).toMatch(/^(-X|http)/);
        if (reachable) {
          const sent = typeof exchange.request === 'string' ? run.body : JSON.parse(run.body ?? 'null');
          expect(sent, `${name} in ${shell}`).toEqual(typeof exchange.request === 'string' ? exchange.request : exchange.request);
          expect(run.args.slice(0, 1), name).toEqual([exchange.url]);
        }
        runner.runShell(shell, asPasted(text));
      }
      expect(runner.markerWritten(), `${name}: the marker file was written`).toBe(false);
    }
  });

  it('writes SDK code that Node runs after stripping types, sending the exact body to the recorded base URL', async () => {
    for (const { name, exchange, reachable } of exchanges()) {
      const text = formatSdkCode(exchange);
      expect(hasUnsafeCharacters(text.replace(/[\n]/g, '')), name).toBe(false);
      const before = receiver.requests.length;
      const run = await runner.runTypeScriptModule(text);
      if (reachable && typeof exchange.request !== 'string') {
        expect(run.status, `${name}: ${run.stderr}`).toBe(0);
        const received = receiver.requests.slice(before);
        expect(received.map((request) => request.url), name).toEqual(['/v1/responses']);
        expect(JSON.parse(received[0]?.body ?? 'null'), name).toEqual(exchange.request);
      }
      await runner.runTypeScriptModule(asPasted(text));
      expect(runner.markerWritten(), `${name}: the marker file was written`).toBe(false);
    }
  }, 120_000);
});

describe('exports of a hostile tool set', () => {
  const formats: { format: ExportFormat; descriptions: string }[] = [
    { format: 'vercel-ai-sdk', descriptions: 'Object.values(exported.tools).map((tool) => tool.description)' },
    { format: 'openai-agents-sdk', descriptions: 'exported.tools.map((tool) => tool.description)' },
    { format: 'tanstack-ai', descriptions: 'exported.tools.map((tool) => tool.description)' },
  ];

  function hostileTools(hostile: string): InteropTool[] {
    const schema = {
      type: 'object',
      description: hostile,
      properties: { [hostile]: { type: 'string', enum: [hostile], description: hostile, default: hostile }, __proto__: { type: 'string' } },
      required: [hostile, '__proto__'],
      additionalProperties: false,
    } as unknown as InteropTool['jsonSchema'];
    const tool = (name: string, namespace?: string): InteropTool => ({
      name,
      qualifiedName: namespace ? `${namespace}.${name}` : name,
      ...(namespace ? { namespace, namespaceDescription: hostile } : {}),
      description: `${name}: ${hostile}`,
      strict: true,
      deferLoading: false,
      executionMode: 'parallel',
      risk: 'read',
      needsApproval: false,
      jsonSchema: schema,
      sentSchema: schema,
      strictSendable: true,
    });
    return [tool('echo'), tool('find', 'crm')];
  }

  /**
   * A module defining the same tools. The module is code, carried over as written (which the
   * export's warning says), so its strings here are escaped as a careful person would write them.
   */
  function moduleFor(tools: readonly InteropTool[]): string {
    const literal = (value: unknown) => replaceUnsafeCharacters(JSON.stringify(value), toUnicodeEscape);
    const definitions = tools.map(
      (tool) =>
        `  defineTool({ name: ${literal(tool.name)}, ${tool.namespace ? `namespace: ${literal(tool.namespace)}, ` : ''}description: ${literal(tool.description)}, jsonSchema: ${literal(tool.jsonSchema)}, execute: async (args) => args }),`,
    );
    return ["import { defineTool } from 'playground';", '', 'export default [', ...definitions, '];', ''].join('\n');
  }

  it('exports code that Node runs after stripping types: every description reads back exactly, nothing else runs', async () => {
    const hostile = hostileText(runner.marker);
    const tools = hostileTools(hostile);
    for (const { format, descriptions } of formats) {
      for (const moduleSource of [undefined, moduleFor(tools)]) {
        const artifact = exportTools(tools, format, { moduleSource });
        const label = `${format} ${moduleSource ? 'with the module' : 'with stubs'}`;
        expect(hasUnsafeCharacters(artifact.text.replace(/\n/g, '')), label).toBe(false);
        if (moduleSource) {
          expect(artifact.nativeCodeWarning, label).toMatch(/natively, outside the playground's sandbox/);
          expect(artifact.text.split('\n')[0], label).toMatch(/^\/\/ This code runs the tool module's own code natively/);
        }
        const run = await runner.runTypeScriptModule(artifact.text, { epilogue: `const exported = { tools };\nconsole.log(JSON.stringify(${descriptions}));` });
        expect(run.status, `${label}: ${run.stderr}`).toBe(0);
        expect(JSON.parse(run.stdout), label).toEqual(tools.map((tool) => tool.description));
        await runner.runTypeScriptModule(asPasted(artifact.text));
        expect(runner.markerWritten(), `${label}: the marker file was written`).toBe(false);
      }
    }
  }, 120_000);

  it('exports JSON formats that parse back to the same strings', () => {
    const hostile = hostileText(runner.marker);
    for (const format of ['openai-responses', 'openai-chat-completions', 'mcp-tools-list'] as const) {
      const text = exportTools(hostileTools(hostile), format).text;
      expect(JSON.stringify(JSON.parse(text)), format).toContain(JSON.stringify(hostile));
    }
  });
});

describe('the exported test file of a hostile session', () => {
  it('runs (types stripped, imports stubbed) and holds the session and assertions exactly as recorded', async () => {
    const hostile = hostileText(runner.marker);
    const record = {
      version: 5,
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
      createdAt: hostile,
      title: hostile,
      texts: [hostile],
      playground: { source: { text: 0 } },
      turns: [{ turnId: `turn_${hostile}`, tape: [{ request: { input: hostile }, response: hostile, url: hostile, method: hostile, status: 200 }], events: [] }],
    } as unknown as StoredSessionRecord;
    const assertions = [{ kind: 'final-text', matches: hostile }, { kind: 'tool-called', name: hostile }] as unknown as SessionAssertion[];
    const text = renderAssertionTestFile({ record, assertions });
    expect(hasUnsafeCharacters(text.replace(/\n/g, ''))).toBe(false);
    const epilogue = 'console.log(JSON.stringify({ session: SESSION, assertions: ASSERTIONS }));';
    const run = await runner.runWithStubbedImports(text, epilogue);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout) as JsonValue).toEqual({ session: record, assertions });
    await runner.runWithStubbedImports(asPasted(text), epilogue);
    expect(runner.markerWritten(), 'the marker file was written').toBe(false);
  }, 60_000);
});
