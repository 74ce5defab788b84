'use client';

import { useCallback, useEffect, useMemo, useReducer, useRef, type Dispatch } from 'react';
import { selectCurrentFiles } from '@/lib/client';
import { selectActiveBranch } from '@/lib/client';
import { type EditorTab, type PlaygroundAction, type PlaygroundPreset, type PlaygroundState, createInitialState, isAnyRunActive, playgroundReducer, selectRun } from '@/lib/client';
import { selectEditorDiagnostics } from '@/lib/client/compile';
import type { SessionRecord } from '@/lib/sessions';
import { CodeEditor } from '@/components/editor/code-editor';
import { AppHeader } from '@/components/header/app-header';
import { useTheme } from '@/components/header/use-theme';
import { selectWaitingCalls } from '@/components/run/pending-for-you';
import { SessionBanner } from '@/components/session/session-banner';
import { SessionImport } from '@/components/session/session-import';
import { ImportTraceButton } from '@/components/session/import-trace-button';
import { ShareButton } from '@/components/session/share-button';
import { useCompileOnChange } from './use-compile-on-change';
import { useForkAction, useForkLoader, useRunShortcut, useTurnRunner, useScenarioCommands, useSharedTurnActions, useSideBySideRunner, useTurnRecords, useTurnStarters } from '@/components/playground/turns';
import { SkipLinks, PanelToggles, PlaygroundColumns, usePlaygroundLayout } from '@/components/playground/layout';
import { useTitleBadge } from './use-title-badge';
import { useSessionApiKeys } from './use-session-api-keys';
import { DraftNotice, useWorkspaceDrafts, type DraftScope } from '@/components/playground/drafts';
import { RunColumn } from './run-column';
import { SchemaColumn } from './schema-column';
import { useMcpSources } from '@/components/sources';
import { HistoryMenu } from '@/components/header/history-menu';
import { useEvaluationSectionState } from '@/components/evaluation/use-evaluation-section-state';

export type PlaygroundProps = {
  presets: readonly PlaygroundPreset[];
  /** `/s/<id>`: the shared session to show, its recorded timeline rendered at once (no model call). */
  shared?: SessionRecord;
  /** `/?fork=<id>`: the session to load into an editable playground. */
  forkId?: string;
};

function createPlaygroundState({ presets, shared, forkId }: PlaygroundProps): PlaygroundState {
  if (shared) return playgroundReducer(createInitialState(), { type: 'session-loaded', record: shared, origin: 'shared' });
  return forkId ? createInitialState() : createInitialState(presets[0]);
}

/** The side files this turn would not send: the script unless scripted, the result schema unless in task mode. */
function selectUnusedTabs(state: PlaygroundState): EditorTab[] {
  return [...(state.model.provider === 'scripted' ? [] : (['script'] as const)), ...(state.mode === 'task' ? [] : (['result-schema'] as const))];
}

/** The page's reducer, and a reader of its newest state for callbacks that must not go stale. */
function usePlaygroundReducer(props: PlaygroundProps): { state: PlaygroundState; dispatch: Dispatch<PlaygroundAction>; readState: () => PlaygroundState } {
  const [state, dispatch] = useReducer(playgroundReducer, props, createPlaygroundState);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  const readState = useCallback(() => stateRef.current, []);
  return { state, dispatch, readState };
}

/** The whole playground: editor, schema panel, run panel and timeline around one reducer. */
export function Playground(props: PlaygroundProps) {
  const { presets, shared, forkId } = props;
  const { state, dispatch, readState } = usePlaygroundReducer(props);
  const { theme, toggleTheme } = useTheme();
  useSessionApiKeys(dispatch);
  const currentRun = selectRun(state);
  const mcp = useMcpSources(state, dispatch, currentRun);
  const draftScope = useMemo<DraftScope>(() => (shared ? { kind: 'shared', sessionId: shared.id } : { kind: 'workspace', opensSession: forkId !== undefined }), [shared, forkId]);
  const drafts = useWorkspaceDrafts({ state, dispatch, presets, scope: draftScope });
  useTurnRecords(state.conversation, dispatch, !shared);
  const compileSoon = useCompileOnChange(state.documents.tools, dispatch);
  const currentFiles = useMemo(() => selectCurrentFiles(state), [state.conversation, state.documents.files]);
  const runner = useTurnRunner(currentRun, dispatch);
  const layout = usePlaygroundLayout(shared !== undefined);
  const { startRun, startForkRun } = useTurnStarters({ dispatch, readState, start: runner.start, showRunColumn: layout.showRunColumn });
  const sideBySide = useSideBySideRunner(dispatch, readState, layout.showSideBySide);
  const evaluation = useEvaluationSectionState();
  const fork = useForkAction(readState, dispatch);
  useForkLoader(forkId, { dispatch, readState, startRun, startForkRun });
  const { forkWithOutput, rerunWithEdits } = useSharedTurnActions({ shared, fork, readState, dispatch });
  const timelineActions = useMemo(() => (shared ? { ...runner, forkWithOutput } : runner), [shared, runner, forkWithOutput]);
  const commands = useScenarioCommands({ presets, shared, readState, dispatch, startRun, startSideBySide: sideBySide.start, fork, drafts });
  useRunShortcut(commands.run);

  const activeTurnEvents = useMemo(() => selectActiveBranch(state.conversation).turns.map((turn) => turn.events), [state.conversation]);
  const waiting = selectWaitingCalls(currentRun.events);
  const waitingCount = waiting.approvals.length + waiting.outputs.length + waiting.questions.length;
  useTitleBadge(waitingCount);
  const editorColumn = (
    <CodeEditor
      documents={state.documents}
      activeTab={state.activeTab}
      onSelectTab={(tab) => dispatch({ type: 'tab-selected', tab })}
      onChange={(tab, text) => {
        if (tab === 'tools') compileSoon(text);
        dispatch({ type: 'document-changed', tab, text });
      }}
      diagnostics={selectEditorDiagnostics(state.compile)}
      theme={theme}
      onRun={commands.run}
      unusedTabs={selectUnusedTabs(state)}
    />
  );
  const schemaColumn = <SchemaColumn state={state} dispatch={dispatch} files={currentFiles} mcp={mcp} />;
  const runColumn = (
    <RunColumn
      state={state}
      dispatch={dispatch}
      presets={presets}
      shared={shared}
      currentRun={currentRun}
      activeTurnEvents={activeTurnEvents}
      onRun={commands.run}
      onStop={state.sideBySide ? sideBySide.stopAll : runner.stop}
      sideBySideRunner={sideBySide}
      timelineActions={timelineActions}
      evaluation={evaluation}
      turnControls={
        shared
          ? { kind: 'shared', onFork: (turnIndex) => fork(false, turnIndex), onRerunWithEdits: rerunWithEdits }
          : { kind: 'editable', onRerun: commands.rerun, disabled: isAnyRunActive(state) }
      }
    />
  );
  return (
    <div className="flex h-dvh min-h-[560px] flex-col">
      <SkipLinks />
      <AppHeader
        presets={shared ? [] : presets}
        currentPresetId={state.presetId}
        onSelectPreset={commands.selectPreset}
        theme={theme}
        onToggleTheme={toggleTheme}
      >
        <HistoryMenu list={drafts.list} onReopen={(id) => void drafts.reopen(id)} currentId={drafts.currentId} savedAt={drafts.savedAt} />
        {!shared && <ShareButton key={currentRun.turnId ?? 'no-turn'} state={state} />}
        <SessionImport />
        <ImportTraceButton />
        {layout.wide && <PanelToggles layout={layout.panels} />}
      </AppHeader>
      <DraftNotice notice={drafts.notice} onStartFresh={shared ? commands.backToShared : commands.startFresh} onBringBack={(id) => void drafts.reopen(id)} onDismiss={drafts.dismissNotice} />
      <SessionBanner origin={state.origin} shared={shared} onFork={() => fork(false)} turns={activeTurnEvents} />
      <PlaygroundColumns
        layout={layout}
        editor={editorColumn}
        schemas={schemaColumn}
        run={runColumn}
        compile={state.compile}
        waitingCount={waitingCount}
        running={isAnyRunActive(state)}
      />
    </div>
  );
}
