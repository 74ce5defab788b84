'use client';

import { useMemo, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { describeEndpoint, describeSdk, formatCurl, formatSdkCode } from '@/lib/client/exchanges';
import type { TapeEntry } from '@/lib/contract';
import { ExchangeBody } from './exchange-body';
import { ExchangeTabs, type ExchangeTab } from './exchange-tabs';

const SDK_LABELS = { openai: 'openai', '@anthropic-ai/sdk': 'Anthropic', '@google/genai': '@google/genai' } as const;

const ENDPOINT_NOTES = {
  network: undefined,
  embedded: "the playground's in-process embedded model",
  tape: 'the playground replaying a recording',
  unrecorded: 'URL not recorded',
} as const;

function statusTone(status: number | undefined): string {
  if (status === undefined) return 'text-amber-700 dark:text-amber-400';
  return status < 300 ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600 dark:text-red-400';
}

/** One raw exchange: where it went, its status, both bodies, and code that sends the request again. */
export function ExchangeDetail({ exchange, label }: { exchange: TapeEntry; label: string }) {
  const [tab, setTab] = useState<ExchangeTab>('request');
  const endpoint = describeEndpoint(exchange);
  const curl = useMemo(() => formatCurl(exchange), [exchange]);
  const sdk = useMemo(() => formatSdkCode(exchange), [exchange]);
  const note = ENDPOINT_NOTES[endpoint.kind];
  return (
    <div className="space-y-1.5">
      <p className="flex flex-wrap items-baseline gap-x-2 font-mono text-[11px]">
        <span className="font-sans font-medium text-fg">{label}</span>
        <span className="text-fg-muted">{exchange.method ?? 'POST'}</span>
        <span data-testid="exchange-url" className="break-all text-fg">
          {exchange.url ?? endpoint.url}
        </span>
        {note && <span className="font-sans text-fg-muted">({note})</span>}
        <span data-testid="exchange-status" className={statusTone(exchange.status)}>
          {exchange.status ?? 'no response'}
        </span>
        {exchange.durationMs !== undefined && <span className="text-fg-muted">{exchange.durationMs}ms</span>}
        {exchange.streamed && (
          <span data-testid="exchange-streamed" className="font-sans text-fg-muted" title="The response is the raw text/event-stream, event by event">
            streamed
          </span>
        )}
        {exchange.cutOff && (
          <span
            data-testid="exchange-cut-off"
            className="font-sans text-amber-700 dark:text-amber-400"
            title={
              exchange.status === undefined
                ? 'The turn was aborted before any response arrived; a replay stops at the same request'
                : 'The turn was aborted while this stream arrived: the response is what had been read by then, and a replay stops at the same place'
            }
          >
            {exchange.status === undefined ? 'stopped before the response' : 'cut off by the abort'}
          </span>
        )}
      </p>
      <ExchangeTabs
        tab={tab}
        onSelect={setTab}
        testIdPrefix="exchange-tab"
        requestLabel="Request"
        actions={
          <>
            <CopyButton text={curl} label="Copy as curl" testId="copy-curl" />
            <CopyButton text={sdk} label={`Copy as ${SDK_LABELS[describeSdk(exchange)]} SDK`} testId="copy-sdk" />
          </>
        }
      />
      {tab === 'request' ? (
        <ExchangeBody body={exchange.request} testId="exchange-request-body" fileName="request.json" />
      ) : (
        <ExchangeBody body={exchange.response} testId="exchange-response-body" fileName={exchange.streamed ? 'response.txt' : 'response.json'} />
      )}
    </div>
  );
}
