import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';

/** Which way a JSON-RPC message went: `sent` to the server or `received` from it. */
export type McpMessageDirection = 'sent' | 'received';

export type McpMessageListener = (message: JSONRPCMessage, direction: McpMessageDirection) => void;

/** How long `close` waits for messages still being sent (a cancellation sent as the call stopped). */
const CLOSE_GRACE_MS = 2000;

/**
 * Wraps a transport so every JSON-RPC message, either way, is reported before it goes on: the
 * recording of a server's exchanges happens here, below the client, so it sees exactly what crossed
 * the wire (the version probe, the handshake, pages, calls, notifications, cancellations). Closing
 * waits briefly for messages still on their way, so that a turn stopped mid-call still tells the
 * server to cancel before the connection goes.
 */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  readonly hasPerRequestStream?: boolean;
  private readonly inner: Transport;
  private readonly listener: McpMessageListener | undefined;
  private readonly sending = new Set<Promise<void>>();

  constructor(inner: Transport, listener?: McpMessageListener) {
    this.inner = inner;
    this.listener = listener;
    this.hasPerRequestStream = inner.hasPerRequestStream;
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.listener?.(message, 'received');
      this.onmessage?.(message, extra);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.listener?.(message, 'sent');
    const sent = this.inner.send(message, options);
    const settled = sent.then(
      () => undefined,
      () => undefined,
    );
    this.sending.add(settled);
    void settled.then(() => this.sending.delete(settled));
    return sent;
  }

  async close(): Promise<void> {
    if (this.sending.size > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
      await Promise.race([Promise.all(this.sending), grace]);
      clearTimeout(timer);
    }
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}
