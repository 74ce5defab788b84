'use client';

import { useState, type FormEvent } from 'react';
import type { McpHeader, McpServerSource } from '@/lib/client/mcp';
import { INPUT_CLASS } from '@/components/ui/field';
import { McpHeadersFields } from './mcp-headers-fields';

export type McpServerFormProps = { onAdd: (source: McpServerSource) => void; onCancel: () => void };

/** Adds a server by its URL (Streamable HTTP, or the legacy HTTP+SSE endpoint) with optional headers. */
export function McpServerForm({ onAdd, onCancel }: McpServerFormProps) {
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState<McpHeader[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = url.trim();
    if (!URL.canParse(trimmed) || !/^https?:$/.test(new URL(trimmed).protocol)) {
      setProblem('Enter the server’s http(s) URL, e.g. https://example.com/mcp.');
      return;
    }
    onAdd({ kind: 'url', url: trimmed, headers });
  };
  return (
    <form data-testid="mcp-server-form" onSubmit={submit} className="space-y-1.5 rounded-md border border-border bg-panel p-2">
      <label className="flex flex-col gap-1">
        <span className="text-[11px] font-medium text-fg-muted">MCP server URL</span>
        <input
          data-testid="mcp-url"
          className={`${INPUT_CLASS} font-mono`}
          placeholder="https://example.com/mcp"
          value={url}
          autoFocus
          onChange={(event) => {
            setUrl(event.target.value);
            setProblem(null);
          }}
        />
      </label>
      <McpHeadersFields headers={headers} onChange={setHeaders} />
      {problem && (
        <p role="alert" className="text-[11px] text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <p className="text-[10.5px] leading-snug text-fg-muted">
        The playground’s server connects, not this page. Headers stay in this tab (sent with each request, never saved in drafts, shares or exports).
      </p>
      <div className="flex gap-1.5">
        <button type="submit" data-testid="mcp-connect" className="rounded bg-accent px-2.5 py-0.5 text-[11.5px] font-medium text-accent-fg hover:opacity-90">
          Connect
        </button>
        <button type="button" onClick={onCancel} className="rounded border border-border bg-panel px-2 py-0.5 text-[11px] text-fg-muted hover:text-fg">
          Cancel
        </button>
      </div>
    </form>
  );
}
