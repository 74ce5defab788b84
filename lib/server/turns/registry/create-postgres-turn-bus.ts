// Server-only: approvals, typed outputs, answers to servers' questions, aborts and slot yields between instances over PostgreSQL LISTEN/NOTIFY.
import pg from 'pg';
import { z } from 'zod';
import { elicitationAnswerRequestSchema } from '@/lib/contract';
import type { TurnControlBus, TurnControlMessage } from './turn-registry';

/** The NOTIFY channel every instance listens on. */
export const TURN_CONTROL_CHANNEL = 'playground_turn_control';

const turnControlMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('approval'),
    turnId: z.string(),
    token: z.string(),
    callId: z.string(),
    decision: z.object({ approved: z.boolean(), reason: z.string().optional() }),
  }),
  z.object({ kind: z.literal('output'), turnId: z.string(), token: z.string(), callId: z.string(), output: z.string() }),
  z.object({ kind: z.literal('elicitation'), turnId: z.string(), token: z.string(), answer: elicitationAnswerRequestSchema }),
  z.object({ kind: z.literal('abort'), turnId: z.string(), token: z.string() }),
  z.object({ kind: z.literal('yield'), turnId: z.string(), reason: z.string() }),
]);

export type PostgresTurnBusOptions = {
  connectionString: string;
  channel?: string;
  /** Wait before re-connecting the listener after it lost its connection. */
  reconnectDelayMs?: number;
};

/** A bus with the listener's lifecycle exposed: `ready` once LISTEN is in place, `close` to stop. */
export type PostgresTurnBus = TurnControlBus & { ready: Promise<void>; close(): Promise<void> };

/**
 * One dedicated connection LISTENs (re-connecting when it drops); NOTIFYs go through a small
 * pool. A NOTIFY reaches every listening session, the sender's own included.
 */
export function createPostgresTurnBus(options: PostgresTurnBusOptions): PostgresTurnBus {
  const channel = options.channel ?? TURN_CONTROL_CHANNEL;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid NOTIFY channel name: ${channel}`);
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  const handlers = new Set<(message: TurnControlMessage) => void>();
  const publisher = new pg.Pool({ connectionString: options.connectionString, max: 2 });
  publisher.on('error', (error) => console.error('Turn bus publisher error:', error.message));
  const state: { closed: boolean; listener: pg.Client | undefined } = { closed: false, listener: undefined };

  const receive = (notification: pg.Notification) => {
    if (notification.channel !== channel || !notification.payload) return;
    const parsed = turnControlMessageSchema.safeParse(parseJson(notification.payload));
    if (!parsed.success) {
      console.error('Turn bus: ignored a malformed message on', channel);
      return;
    }
    for (const handler of handlers) handler(parsed.data);
  };

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: options.connectionString });
    client.on('notification', receive);
    client.on('error', (error) => console.error('Turn bus listener error:', error.message));
    client.on('end', () => {
      if (state.listener !== client || state.closed) return;
      state.listener = undefined;
      void listenUntilReady();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch((endError: unknown) => console.error('Turn bus: closing a failed listener:', endError));
      throw error;
    }
    if (state.closed) {
      await client.end();
      return;
    }
    state.listener = client;
  };

  const listenUntilReady = async (): Promise<void> => {
    while (!state.closed) {
      try {
        await listen();
        return;
      } catch (error) {
        console.error(`Turn bus: LISTEN failed, retrying in ${reconnectDelayMs} ms:`, error instanceof Error ? error.message : error);
        await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs));
      }
    }
  };

  const ready = listenUntilReady();
  return {
    ready,
    publish(message) {
      publisher.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(message)]).catch((error: unknown) => {
        console.error(`Turn bus: could not publish ${message.kind} for ${message.turnId}:`, error);
      });
    },
    subscribe(handler) {
      handlers.add(handler);
    },
    async close() {
      state.closed = true;
      await ready;
      const listener = state.listener;
      state.listener = undefined;
      await Promise.all([listener?.end(), publisher.end()]);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}
