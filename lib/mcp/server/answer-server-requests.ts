// Server-only: what a turn's connection answers when its server asks something during a call.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type Client, type ClientCapabilities, type ElicitResult } from '@modelcontextprotocol/client';
import { readElicitationForm, type AskPerson, type ElicitationQuestion, type ToolLogLevel } from '@/lib/runtime';

/** A `tools/call` in flight on the connection: how it asks a person (absent: nobody can) and writes a log line. */
export type CallInFlight = { ask?: AskPerson; log: (level: ToolLogLevel, message: string) => void };

export type ServerRequestAnswers = {
  /** The capabilities the client declares: elicitation (form and URL) only when somebody can answer. */
  capabilities: ClientCapabilities;
  /** Registers the handlers on a client before it connects. */
  prepare: (client: Client) => void;
  /** Runs one `tools/call` as the call its server's questions belong to. */
  during: <T>(call: CallInFlight, run: () => Promise<T>) => Promise<T>;
  /** The sentence for a call that failed because its server asked what the playground refuses (2026-07-28 embeds it in the result), if that is why. */
  describeRefusal: (error: unknown) => string | undefined;
};

/** Why the playground refuses what a server may ask of a client. */
const REFUSALS: Record<string, string> = {
  'sampling/createMessage': 'the playground does not lend its model to MCP servers (sampling is refused)',
  'roots/list': 'the playground does not lend its file system to MCP servers (roots are refused)',
};

/**
 * Elicitation (`elicitation/create`, on 2026-07-28 embedded in an `input_required` result that the
 * client fulfils through the same handler) goes to the person through the call's `ask`; sampling
 * and roots are refused with a JSON-RPC error saying why, and the refusal is a warn line of the call.
 * A question belongs to the call whose request carried it (the call's async context); when that is
 * lost (the legacy HTTP+SSE stream), to the only call in flight, and with several it is refused.
 */
export function createServerRequestAnswers(options: { server: string; canAsk: boolean }): ServerRequestAnswers {
  const context = new AsyncLocalStorage<CallInFlight>();
  const inFlight = new Set<CallInFlight>();
  const current = () => context.getStore() ?? (inFlight.size === 1 ? [...inFlight][0] : undefined);
  return {
    capabilities: options.canAsk ? { elicitation: { form: {}, url: {} } } : {},
    prepare(client) {
      if (options.canAsk) client.setRequestHandler('elicitation/create', (request) => answerElicitation(options.server, current(), request.params as ElicitParams));
      client.fallbackRequestHandler = async (request) => {
        const reason = REFUSALS[request.method];
        if (!reason) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
        current()?.log('warn', `Refused the server's ${request.method} request: ${reason}.`);
        throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `Refused: ${reason}.`);
      };
    },
    async during(call, run) {
      inFlight.add(call);
      try {
        return await context.run(call, run);
      } finally {
        inFlight.delete(call);
      }
    },
    describeRefusal(error) {
      if (!(error instanceof SdkError) || error.code !== SdkErrorCode.CapabilityNotSupported) return undefined;
      const method = typeof error.data === 'object' && error.data !== null && 'method' in error.data ? String(error.data.method) : '';
      const reason = REFUSALS[method];
      return reason ? `The server asked for ${method}, which was refused: ${reason}.` : undefined;
    },
  };
}

type ElicitParams = { mode?: 'form'; message: string; requestedSchema: unknown } | { mode: 'url'; message: string; url: string };

async function answerElicitation(server: string, call: CallInFlight | undefined, params: ElicitParams): Promise<ElicitResult> {
  if (!call) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, 'Refused: the question does not belong to a single tool call in flight, so nobody can be asked.');
  if (!call.ask) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, 'Refused: nobody can answer questions for this call.');
  let question: ElicitationQuestion;
  if (params.mode === 'url') {
    question = { mode: 'url', message: params.message, url: params.url };
  } else {
    const form = readElicitationForm(params.requestedSchema as never);
    if (!form.ok) {
      call.log('warn', `Refused the server's elicitation/create request: ${form.error}`);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Refused: ${form.error}`);
    }
    question = { mode: 'form', message: params.message, requestedSchema: params.requestedSchema as never };
  }
  const reply = await call.ask({ server, question });
  return reply.action === 'accept' ? { action: 'accept', ...(reply.content ? { content: reply.content as ElicitResult['content'] } : {}) } : { action: reply.action };
}
