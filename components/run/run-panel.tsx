'use client';

import type { Dispatch, ReactNode } from 'react';
import type { ModelProviderChoice, ModelSettings, PlaygroundAction, PlaygroundState } from '@/lib/client';
import { selectActiveBranch } from '@/lib/client';
import { isAnyRunActive, isSideBySideActive, selectRun, type SideBySideRun } from '@/lib/client';
import { bindApiKey, writeSessionApiKeys, type KeyedProvider } from '@/lib/client';
import type { PermissionMode } from '@/lib/runtime';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { BranchPicker } from './branch-picker';
import { bindModelConfigList, ModelConfigList } from './model-config-list';
import { PROVIDER_OPTIONS } from './provider-options';
import { ModelSettingsFields } from './model-settings-fields';
import { RequestSettingsFields } from './request-settings-fields';
import { RunStatus } from './run-status';


const PERMISSION_MODES: { value: PermissionMode; label: string }[] = [
  { value: 'auto', label: 'auto' },
  { value: 'review', label: 'review (ask)' },
  { value: 'read-only', label: 'read-only' },
  { value: 'deny-all', label: 'deny-all' },
];

export type RunPanelProps = {
  state: PlaygroundState;
  dispatch: Dispatch<PlaygroundAction>;
  onRun: () => void;
  onStop: () => void;
  /** The Run button's text when running means something else than running here (a shared session forks). */
  runLabel?: string;
  /** Run ×N: the Evaluate section below the Run button, where the page offers it. */
  evaluate?: ReactNode;
  /** Offers the list of model configurations a Run sends to side by side (not on a shared session's page). */
  sideBySide?: boolean;
};

/** The conversation's composer (next message, instructions), the turn settings, Run/Stop and Clear. */
export function RunPanel({ state, dispatch, onRun, onStop, runLabel = 'Run ▶', evaluate, sideBySide = false }: RunPanelProps) {
  const run = selectRun(state);
  const active = isAnyRunActive(state);
  const turnCount = selectActiveBranch(state.conversation).turns.length;
  const changeModel = (change: Partial<ModelSettings>) => dispatch({ type: 'model-changed', model: change });
  const changeApiKey = (provider: KeyedProvider, baseURL: string, key: string) => {
    dispatch({ type: 'api-key-changed', provider, baseURL, key });
    writeSessionApiKeys(window.sessionStorage, bindApiKey(state.apiKeys, { provider, baseURL, key }));
  };
  return (
    <section aria-label="Run" data-testid="run-panel" className="space-y-2.5 border-b border-border bg-panel p-3">
      {turnCount > 0 && <ConversationBar state={state} dispatch={dispatch} active={active} turnCount={turnCount} />}
      <ComposerFields state={state} dispatch={dispatch} turnCount={turnCount} />
      <TurnSettingsFields state={state} dispatch={dispatch} changeModel={changeModel} />
      {sideBySide && <ModelConfigList {...bindModelConfigList(state, dispatch)} onApiKeyChange={changeApiKey} disabled={active} />}
      <ModelSettingsFields
        settings={state.model}
        apiKeys={state.apiKeys}
        onChange={changeModel}
        onApiKeyChange={changeApiKey}
        onEditScript={() => dispatch({ type: 'tab-selected', tab: 'script' })}
      />
      <RequestSettingsFields
        settings={state.requestSettings}
        toolNames={state.compile.lastGood?.tools.map((tool) => tool.qualifiedName) ?? []}
        scripted={state.model.provider === 'scripted'}
        onChange={(settings) => dispatch({ type: 'request-settings-changed', settings })}
      />
      <RunControls state={state} dispatch={dispatch} active={active} stopping={!state.sideBySide && run.phase === 'stopping'} onRun={onRun} onStop={onStop} runLabel={sideBySide && state.extraModels.length > 0 ? `Run on ${state.extraModels.length + 1} ▶` : runLabel} />
      {state.sideBySide && !state.runRefused ? (
        <SideBySideStatus sideBySide={state.sideBySide} />
      ) : (
        <RunStatus run={run} turnNumber={turnCount} problems={state.problems} refused={state.runRefused} />
      )}
      {evaluate}
    </section>
  );
}

type PanelPartProps = { state: PlaygroundState; dispatch: Dispatch<PlaygroundAction> };

/** The conversation's size, its branches and New conversation (only once it has a turn). */
function ConversationBar({ state, dispatch, active, turnCount }: PanelPartProps & { active: boolean; turnCount: number }) {
  const editable = state.origin.kind !== 'shared';
  return (
    <div className="flex items-center gap-2 text-[11px] text-fg-muted">
      <span data-testid="conversation-summary">
        Conversation · {turnCount} turn{turnCount === 1 ? '' : 's'}
      </span>
      <BranchPicker conversation={state.conversation} disabled={active} onSelect={(branchId) => dispatch({ type: 'branch-selected', branchId })} />
      {editable && (
        <button
          type="button"
          data-testid="clear-conversation"
          disabled={active}
          onClick={() => dispatch({ type: 'conversation-cleared' })}
          title="Start a new conversation: the next Run is turn 1 again (files from the files tab, no earlier messages)"
          className="ml-auto rounded border border-border px-2 py-0.5 font-medium text-fg hover:bg-panel-muted disabled:opacity-40"
        >
          New conversation
        </button>
      )}
    </div>
  );
}

/** The next user message and the instructions every turn is sent with. */
function ComposerFields({ state, dispatch, turnCount }: PanelPartProps & { turnCount: number }) {
  return (
    <>
      <textarea
        data-testid="run-message"
        aria-label={turnCount > 0 ? 'Next user message' : 'User message'}
        rows={3}
        value={state.message}
        onChange={(event) => dispatch({ type: 'message-changed', message: event.target.value })}
        placeholder={turnCount > 0 ? 'Send a follow-up: the model sees the whole conversation so far' : 'What should the agent do?'}
        className="block w-full resize-none rounded-md border border-border bg-panel px-2.5 py-2 text-[13px] leading-snug placeholder:text-fg-muted/70"
      />
      <details data-testid="instructions-panel" open={state.instructions !== '' || undefined} className="text-xs">
        <summary className="cursor-pointer text-[11px] font-medium text-fg-muted">
          Instructions{state.instructions.trim() ? ' · set' : ' (system / developer message)'}
        </summary>
        <textarea
          data-testid="run-instructions"
          aria-label="Instructions"
          rows={2}
          value={state.instructions}
          onChange={(event) => dispatch({ type: 'instructions-changed', instructions: event.target.value })}
          placeholder="Sent as the Responses API's instructions with every request, e.g. “Answer in one sentence. Prefer read-only tools.”"
          className="mt-1 block w-full resize-y rounded-md border border-border bg-panel px-2.5 py-1.5 text-[12px] leading-snug placeholder:text-fg-muted/70"
        />
      </details>
    </>
  );
}

/** Provider, permission mode and iteration limit. */
function TurnSettingsFields({ state, dispatch, changeModel }: PanelPartProps & { changeModel: (change: Partial<ModelSettings>) => void }) {
  return (
    <div className="grid grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_4.5rem] gap-2">
      <Field label="Provider">
        <select
          data-testid="model-provider"
          className={INPUT_CLASS}
          value={state.model.provider}
          onChange={(event) => changeModel({ provider: event.target.value as ModelProviderChoice })}
        >
          {PROVIDER_OPTIONS.map((provider) => (
            <option key={provider.value} value={provider.value}>
              {provider.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Permissions" hint="auto: allow (destructive tools still ask) · review: writes ask · read-only: only reads run · deny-all: nothing runs">
        <select
          data-testid="permission-mode"
          className={INPUT_CLASS}
          value={state.permissionMode}
          onChange={(event) => dispatch({ type: 'permission-mode-changed', permissionMode: event.target.value as PermissionMode })}
        >
          {PERMISSION_MODES.map((mode) => (
            <option key={mode.value} value={mode.value}>
              {mode.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Iterations">
        <input
          type="number"
          min={1}
          max={50}
          data-testid="max-iterations"
          className={INPUT_CLASS}
          value={state.maxIterations}
          onChange={(event) =>
            dispatch({ type: 'max-iterations-changed', maxIterations: Math.min(50, Math.max(1, Math.trunc(Number(event.target.value) || 1))) })
          }
        />
      </Field>
    </div>
  );
}

type RunControlsProps = PanelPartProps & Pick<RunPanelProps, 'onRun' | 'onStop'> & { active: boolean; stopping: boolean; runLabel: string };

/** Task mode, Stop and Run. */
function RunControls({ state, dispatch, active, stopping, onRun, onStop, runLabel }: RunControlsProps) {
  return (
    <div className="flex items-center gap-2">
      <label className="mr-auto flex items-center gap-1.5 text-xs" title="Adds submit_result; the turn ends with a result matching result-schema.json">
        <input
          type="checkbox"
          data-testid="task-mode"
          checked={state.mode === 'task'}
          onChange={(event) => dispatch({ type: 'turn-mode-changed', mode: event.target.checked ? 'task' : 'chat' })}
          className="accent-[var(--accent)]"
        />
        <span className="whitespace-nowrap">Task mode</span> <span className="hidden text-fg-muted xl:inline">(result-schema.json)</span>
      </label>
      <button
        type="button"
        data-testid="stop-button"
        onClick={onStop}
        disabled={!active || stopping}
        className="h-7 rounded-md border border-border px-3 text-xs font-medium hover:bg-panel-muted disabled:opacity-40"
      >
        Stop
      </button>
      <button
        type="button"
        data-testid="run-button"
        onClick={onRun}
        disabled={active}
        title="Ctrl/Cmd+Enter"
        className="h-7 rounded-md bg-accent px-4 text-xs font-semibold text-accent-fg hover:opacity-90 disabled:opacity-50"
      >
        {active ? 'Running…' : runLabel}
      </button>
    </div>
  );
}

/** The status line while columns are on screen: how many still stream; each column says how its turn went. */
function SideBySideStatus({ sideBySide }: { sideBySide: SideBySideRun }) {
  const running = sideBySide.columns.filter((column) => column.run.phase !== 'ended').length;
  const active = isSideBySideActive(sideBySide);
  return (
    <p data-testid="run-status" data-phase={active ? 'streaming' : 'ended'} className="flex items-center gap-2 text-[11px] text-fg-muted" aria-live="polite">
      <span aria-hidden className={`size-1.5 rounded-full ${active ? 'animate-pulse bg-accent' : 'bg-fg-muted/50'}`} />
      <span className="font-medium text-fg">Side by side</span>
      <span>· {active ? `${running} of ${sideBySide.columns.length} running` : 'ended: keep a column to continue, or close them'}</span>
    </p>
  );
}
