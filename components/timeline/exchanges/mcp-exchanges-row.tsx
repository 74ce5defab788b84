'use client';

import { useContext, useState } from 'react';
import { InspectedTurnContext } from './inspectable-turn';
import { McpExchangeViewer } from './mcp-exchange-viewer';

/** Per MCP server the turn had, its raw JSON-RPC exchanges, beside the model's raw requests. */
export function McpExchangesRow({ servers }: { servers: readonly string[] }) {
  const turn = useContext(InspectedTurnContext);
  const [open, setOpen] = useState<string | undefined>(undefined);
  if (!turn || servers.length === 0) return null;
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-fg-muted">
        <span className="font-medium text-fg">MCP</span>
        {servers.map((server) => (
          <button
            key={server}
            type="button"
            data-testid={`inspect-mcp-${server}`}
            aria-expanded={open === server}
            onClick={() => setOpen((current) => (current === server ? undefined : server))}
            className="rounded border border-border px-1.5 text-[11px] hover:text-fg"
          >
            {open === server ? `Hide ${server}'s JSON-RPC` : `Raw JSON-RPC · ${server}`}
          </button>
        ))}
      </p>
      {open !== undefined && <McpExchangeViewer turn={turn} server={open} />}
    </div>
  );
}
