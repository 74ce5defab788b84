import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describeEgressRefusal, findEgressRefusal } from '@/lib/models/server';
import { McpResponseTooLargeError } from './create-bounded-fetch';
import type { McpFailure } from './mcp-failure';

const MAX_DETAIL_CHARS = 300;

/**
 * The sentence for an error the client, the transport or the egress policy threw while talking to
 * `where` (a server URL, or an operator server's name). Looks through `cause` chains, since undici
 * and the SDK wrap what they catch.
 */
export function describeMcpFailure(error: unknown, where: string): McpFailure {
  const refusal = findEgressRefusal(error);
  if (refusal) {
    if (refusal.code === 'response-too-large') return { code: 'too-large', message: `The MCP server at ${where} answered more than ${formatMegabytes(refusal.limitBytes)}; the answer was not read.` };
    return { code: 'egress-refused', message: describeEgressRefusal(refusal, { providerName: `The MCP server at ${where}`, baseURL: where, urlLabel: 'server URL' }) };
  }
  const tooLarge = findInChain(error, (candidate): candidate is McpResponseTooLargeError => candidate instanceof McpResponseTooLargeError);
  if (tooLarge) return { code: 'too-large', message: `The MCP server at ${where} answered more than ${formatMegabytes(tooLarge.limitBytes)}; the answer was not read.` };
  const http = findInChain(error, (candidate): candidate is SdkHttpError => candidate instanceof SdkHttpError);
  if (http) return describeHttpStatus(http.status, http.statusText, where);
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) return { code: 'timeout', message: `The MCP server at ${where} did not answer in time.` };
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) return { code: 'unreachable', message: `The MCP server at ${where} closed the connection before it answered.` };
  if (error instanceof ProtocolError) return { code: 'protocol', message: `The MCP server at ${where} answered with an error: ${excerpt(error.message)}` };
  const network = findInChain(error, isSystemError);
  if (network) return { code: 'unreachable', message: `Nothing answered at ${where} (${network.code}).` };
  const failedFetch = findInChain(error, (candidate): candidate is TypeError => candidate instanceof TypeError && candidate.message === 'fetch failed');
  if (failedFetch) return { code: 'unreachable', message: `The connection to ${where} failed${failedFetch.cause instanceof Error ? ` (${excerpt(failedFetch.cause.message)})` : ''}.` };
  if (error instanceof Error && error.name === 'AbortError') return { code: 'aborted', message: `The request to the MCP server at ${where} was stopped.` };
  const detail = error instanceof Error ? error.message : String(error);
  return { code: 'not-mcp', message: `${where} did not answer as an MCP server: ${excerpt(detail)}` };
}

function describeHttpStatus(status: number, statusText: string | undefined, where: string): McpFailure {
  const said = `HTTP ${status}${statusText ? ` (${statusText})` : ''}`;
  if (status === 401 || status === 403) {
    return { code: 'http-status', status, message: `The MCP server at ${where} answered ${said}: it wants credentials. Add the header it expects (e.g. Authorization: Bearer …).` };
  }
  return { code: 'http-status', status, message: `The MCP server at ${where} answered ${said}.` };
}

function isSystemError(candidate: unknown): candidate is Error & { code: string } {
  if (!(candidate instanceof Error) || !('code' in candidate)) return false;
  return typeof candidate.code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(candidate.code);
}

function findInChain<T extends Error>(error: unknown, test: (candidate: unknown) => candidate is T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (test(current)) return current;
    current = current.cause;
  }
  return undefined;
}

function excerpt(text: string): string {
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS - 1)}…` : text;
}

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
