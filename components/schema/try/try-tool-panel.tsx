'use client';

import { useEffect, useMemo, useState } from 'react';
import type { PermissionMode } from '@/lib/runtime';
import type { CompiledToolView } from '@/lib/client/compile';
import type { McpServerRequest } from '@/lib/client/mcp';
import { ArgumentCheckView } from './argument-check-view';
import { ArgumentForm } from './argument-form';
import { createArgumentChecker, type ArgumentCheck } from '@/lib/client/arguments';
import { generatePrefill } from './generate-prefill';
import { readFormFields } from './read-form-fields';
import { TryResult } from './try-result';
import { useToolCallRunner } from './use-tool-call-runner';

/** What a Try runs with besides the arguments: the playground as it is now. */
export type TryContext = {
  /** The editor's module source. */
  source: string;
  /** The files tab as seed files. */
  files: Record<string, string>;
  seed: number;
  permissionMode: PermissionMode;
  answerByHand: readonly string[];
  /** The MCP servers in Sources; a server tool's Try sends the one its namespace names. */
  mcpServers?: readonly McpServerRequest[];
};

export type TryToolPanelProps = { tool: CompiledToolView; context: TryContext; onClose: () => void };

/** Typing pauses this long before the arguments are checked again. */
const CHECK_DELAY_MS = 250;
const SMALL_BUTTON = 'rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg disabled:opacity-50';

/** Call one tool by hand: arguments as JSON or a form, checked as typed, run through the model's path. */
export function TryToolPanel({ tool, context, onClose }: TryToolPanelProps) {
  const [prefill, setPrefill] = useState(() => generatePrefill(tool, context.seed));
  const [text, setText] = useState(prefill.text);
  const [mode, setMode] = useState<'json' | 'form'>('json');
  const checker = useMemo(() => createArgumentChecker(tool), [tool]);
  const form = useMemo(() => readFormFields(tool.jsonSchema), [tool.jsonSchema]);
  const check = useDebouncedCheck(checker, text);
  const runner = useToolCallRunner();
  const running = runner.run.status === 'running';

  const reset = () => {
    const next = generatePrefill(tool, context.seed);
    setPrefill(next);
    setText(next.text);
  };
  const servers = context.mcpServers?.filter((server) => server.name === tool.namespace) ?? [];
  const run = () =>
    runner.start({
      source: context.source,
      name: tool.qualifiedName,
      arguments: text,
      files: context.files,
      seed: context.seed,
      permissions: { mode: context.permissionMode },
      ...(context.answerByHand.length > 0 ? { answerByHand: [...context.answerByHand] } : {}),
      ...(servers.length > 0 ? { mcpServers: servers } : {}),
    });

  return (
    <section data-testid="try-panel" aria-label={`Try ${tool.qualifiedName}`} className="mt-2 space-y-1.5 rounded border border-border bg-panel-muted p-2">
      <div className="flex items-center gap-1.5 text-[11px]">
        <span className="mr-auto font-medium">Call {tool.qualifiedName} directly</span>
        <button type="button" data-testid="try-mode" className={SMALL_BUTTON} aria-pressed={mode === 'form'} onClick={() => setMode(mode === 'json' ? 'form' : 'json')}>
          {mode === 'json' ? 'Form' : 'JSON'}
        </button>
        <button type="button" data-testid="try-reset" className={SMALL_BUTTON} onClick={reset} title="Generate arguments again from the schema">
          Reset
        </button>
        <button type="button" data-testid="try-close" className={SMALL_BUTTON} onClick={onClose} aria-label="Close Try">
          ✕
        </button>
      </div>
      {mode === 'form' && form.ok ? (
        <ArgumentForm fields={form.fields} text={text} onChange={setText} />
      ) : (
        <>
          {mode === 'form' && !form.ok && <p data-testid="try-form-fallback" className="text-[11px] text-fg-muted">{form.reason}</p>}
          <textarea
            data-testid="try-arguments"
            aria-label={`Arguments for ${tool.qualifiedName}`}
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={Math.min(12, Math.max(3, text.split('\n').length))}
            className="w-full resize-y rounded border border-border bg-panel p-1.5 font-mono text-[11.5px] leading-4"
          />
        </>
      )}
      {prefill.clamps.length > 0 && text === prefill.text && (
        <p className="text-[11px] text-amber-700 dark:text-amber-400">Generated arguments clamped: {prefill.clamps.join('; ')}</p>
      )}
      <ArgumentCheckView check={check.value} pending={check.pending} />
      <div className="flex items-center gap-2">
        <button
          type="button"
          data-testid="try-run"
          onClick={run}
          disabled={running}
          className="rounded bg-accent px-2.5 py-0.5 text-[11.5px] font-medium text-accent-fg hover:opacity-90 disabled:opacity-50"
        >
          {running ? 'Running…' : 'Run'}
        </button>
        {running && (
          <button type="button" data-testid="try-stop" className={SMALL_BUTTON} onClick={runner.stop}>
            Stop
          </button>
        )}
        <span className="text-[10.5px] leading-snug text-fg-muted">repair → validate → gate ({context.permissionMode}) → {servers.length > 0 ? 'MCP server' : 'sandbox'}, as a model&apos;s call; no model</span>
      </div>
      <TryResult run={runner.run} actions={runner.actions} />
    </section>
  );
}

/** The check of the latest text once typing pauses (the first one at once); `pending` while the shown one is older. */
function useDebouncedCheck(checker: (text: string) => ArgumentCheck, text: string): { value: ArgumentCheck; pending: boolean } {
  const [checked, setChecked] = useState(() => ({ text, checker, value: checker(text) }));
  useEffect(() => {
    const timer = setTimeout(() => setChecked({ text, checker, value: checker(text) }), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [checker, text]);
  return { value: checked.value, pending: checked.text !== text || checked.checker !== checker };
}
