'use client';

import type { McpHeader } from '@/lib/client/mcp';
import { INPUT_CLASS } from '@/components/ui/field';

export type McpHeadersFieldsProps = { headers: McpHeader[]; onChange: (headers: McpHeader[]) => void };

const SMALL_BUTTON = 'rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg';

/** Headers sent with every request to the server (e.g. `Authorization: Bearer …`): kept in this tab only, values masked. */
export function McpHeadersFields({ headers, onChange }: McpHeadersFieldsProps) {
  const set = (index: number, change: Partial<McpHeader>) => onChange(headers.map((header, at) => (at === index ? { ...header, ...change } : header)));
  return (
    <div className="space-y-1" data-testid="mcp-headers">
      {headers.map((header, index) => (
        <div key={index} className="flex gap-1">
          <input
            aria-label={`Header ${index + 1} name`}
            data-testid="mcp-header-name"
            className={`${INPUT_CLASS} w-2/5 font-mono`}
            placeholder="Authorization"
            value={header.name}
            onChange={(event) => set(index, { name: event.target.value })}
          />
          <input
            aria-label={`Header ${index + 1} value`}
            data-testid="mcp-header-value"
            type="password"
            autoComplete="off"
            className={`${INPUT_CLASS} min-w-0 flex-1 font-mono`}
            placeholder="Bearer …"
            value={header.value}
            onChange={(event) => set(index, { value: event.target.value })}
          />
          <button type="button" className={SMALL_BUTTON} aria-label={`Remove header ${index + 1}`} onClick={() => onChange(headers.filter((_, at) => at !== index))}>
            ✕
          </button>
        </div>
      ))}
      <button type="button" data-testid="mcp-add-header" className={SMALL_BUTTON} onClick={() => onChange([...headers, { name: headers.length === 0 ? 'Authorization' : '', value: '' }])}>
        + Header
      </button>
    </div>
  );
}
