import type { McpRecordedServer } from '@/lib/contract';
import { hasUnsafeCharacters, renderCommentText } from '@/lib/interop';
import { isPlainObject } from '@/lib/runtime';
import { encodeUnsafeUrlCharacters, formatBody, quoteForShell, renderCurlCommand } from './format-exchange-code';
import type { McpExchange } from './pair-mcp-exchanges';

/** Revisions from this one on are stateless and name the method (and a call's tool) in headers too. */
const HEADER_NAMED_METHODS_FROM = '2026-07-28';

/**
 * A curl command that sends a recorded JSON-RPC request to its server again: the transport's
 * headers for the server's protocol revision, every header the visitor typed with its value
 * redacted (`Authorization: Bearer <redacted>`: fill it in), and the body as recorded. Undefined
 * when there is nothing to resend: a message the server sent, or a server without a recorded
 * address (an operator's, reached as configured). Everything recorded is a stranger's text: every
 * word is single-quoted, the URL's unsafe characters are percent-encoded, the body goes on a quoted
 * heredoc (or through `printf` escapes), and a header holding a character a terminal could hide or
 * take for a line break is left out, with a comment saying so.
 */
export function formatMcpCurl(exchange: McpExchange, server: McpRecordedServer | undefined): string | undefined {
  if (exchange.direction !== 'sent' || server?.url === undefined) return undefined;
  const { protocolVersion, transport } = server.info;
  const params = isPlainObject(exchange.request) && isPlainObject(exchange.request.params) ? exchange.request.params : {};
  const named = protocolVersion >= HEADER_NAMED_METHODS_FROM ? [`Mcp-Method: ${exchange.method}`, ...(typeof params.name === 'string' ? [`Mcp-Name: ${params.name}`] : [])] : [];
  const recorded = [
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `MCP-Protocol-Version: ${protocolVersion}`,
    ...named,
    ...Object.entries(server.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  const unsafe = recorded.filter((header) => hasUnsafeCharacters(header));
  const headers = recorded.filter((header) => !hasUnsafeCharacters(header)).map((header) => `  -H ${quoteForShell(header)} \\`);
  const comments = [
    ...unsafe.map((header) => `The recorded header ${JSON.stringify(header.slice(0, 200))} holds control or invisible characters no HTTP header may hold; it is left out.`),
    ...(server.headers && Object.keys(server.headers).length > 0 ? ['Header values are not recorded: put yours in place of <redacted>.'] : []),
    ...(protocolVersion < HEADER_NAMED_METHODS_FROM ? [`A ${protocolVersion} server may want the Mcp-Session-Id its initialize answer gave (not recorded).`] : []),
    ...(transport === 'sse' ? ['A legacy HTTP+SSE server takes messages at the endpoint its event stream announced, not at this address.'] : []),
  ].map((line) => `# ${renderCommentText(line)}`);
  return renderCurlCommand({ comments, target: quoteForShell(encodeUnsafeUrlCharacters(server.url)), headers, body: formatBody(exchange.request) });
}
