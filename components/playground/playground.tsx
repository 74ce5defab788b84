'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { buildTurnRequest, selectCurrentFiles, type TurnTarget } from '@/lib/client/build-turn-request';
import { buildForkBody, selectForkEdits, type ForkRun } from '@/lib/client/fork-edits';
import { selectActiveBranch } from '@/lib/client/conversation-state';
import type { EditorTab, PlaygroundPreset, PlaygroundState } from '@/lib/client/playground-state';
import { createInitialState, isRunActive, playgroundReducer, selectRun } from '@/lib/client/playground-state';
import { selectEditorDiagnostics, selectSchemaView } from '@/lib/client/select-schema-view';
import type { SessionRecord } from '@/lib/sessions/session-record';
import { CodeEditor } from '@/components/editor/code-editor';
import { AppHeader } from '@/components/header/app-header';
import { useTheme } from '@/components/header/use-theme';
import { selectWaitingCalls } from '@/components/run/pending-for-you';
import { RunPanel } from '@/components/run/run-panel';
import { SchemaPanel } from '@/components/schema';
import { SessionBanner } from '@/components/session/session-banner';
import { SessionImport } from '@/components/session/session-import';
import { ShareButton } from '@/components/session/share-button';
import { AssertionsPanelPlaceholder } from '@/components/assertions/assertions-panel-placeholder';
import { useCompileOnChange } from './use-compile-on-change';
import { useForkAction } from './use-fork-action';
import { useForkLoader } from './use-fork-loader';
import { NarrowPanelTabs } from './narrow-panel-tabs';
import { onRevealPanel, type NarrowPanel } from './reveal-panel';
import { SkipLinks } from './skip-links';
import { useTitleBadge } from './use-title-badge';
import { useRunShortcut } from './use-run-shortcut';
import { useSessionApiKeys } from './use-session-api-keys';
import { useTurnRunner } from './use-turn-runner';
import { DraftNotice } from './draft-notice';
import { PanelToggles, ResizableColumns } from './resizable-columns';
import { usePanelLayout } from './use-panel-layout';
import { useWideLayout } from './use-wide-layout';
import { useTurnRecords } from './use-turn-records';
import { useWorkspaceDrafts, type DraftScope } from './use-workspace-drafts';
import { HistoryMenu } from '@/components/header/history-menu';

// Rendered on the server as usual; their code (the event reducer, the assertion checker with its
// JSON Schema validator) loads beside the page's first load, not in it, and hydrates when it arrives.
const Timeline = dynamic(() => import('@/components/timeline').then((loaded) => loaded.Timeline), {
  loading: () => <p className="px-1 py-6 text-sm text-fg-muted">Loading the timeline…</p>,
});
const AssertionsPanel = dynamic(() => import('@/components/assertions/assertions-panel').then((loaded) => loaded.AssertionsPanel), {
  loading: () => <AssertionsPanelPlaceholder />,
});

/** The least share of the width (percent) the run column and its timeline get when a run starts. */
const RUN_TIMELINE_SHARE = 36;
/** …and when a shared session opens, where reading the timeline is the point (the editor gives up the width). */
const SHARED_TIMELINE_SHARE = 45;
const SHARED_EDITOR_SHARE = 27;

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

/** The whole playground: editor, schema panel, run panel and timeline around one reducer. */
export function Playground(props: PlaygroundProps) {
  const { presets, shared, forkId } = props;
  const [state, dispatch] = useReducer(playgroundReducer, props, createPlaygroundState);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  const readState = useCallback(() => stateRef.current, []);
  const { theme, toggleTheme } = useTheme();
  useSessionApiKeys(dispatch);
  const draftScope = useMemo<DraftScope>(() => (shared ? { kind: 'shared', sessionId: shared.id } : { kind: 'workspace', opensSession: forkId !== undefined }), [shared, forkId]);
  const drafts = useWorkspaceDrafts({ state, dispatch, presets, scope: draftScope });
  useTurnRecords(state.conversation, dispatch, !shared);
  const compileSoon = useCompileOnChange(state.documents.tools, dispatch);
  const currentRun = selectRun(state);
  const currentFiles = useMemo(() => selectCurrentFiles(state), [state.conversation, state.documents.files]);
  const runner = useTurnRunner(currentRun, dispatch);
  const { start } = runner;
  // Below 1200 px the schema and run panels share a column; a run, Escape or a skip link shows the run side.
  const [narrowPanel, setNarrowPanel] = useState<NarrowPanel>('run');
  // From 1200 px the three columns are resizable panels; the timeline gets room when a run starts.
  const wide = useWideLayout();
  const panels = usePanelLayout(shared ? 'shared' : 'playground');
  const { makeRoomForTimeline, reveal } = panels;
  useEffect(
    () =>
      onRevealPanel((panel) => {
        setNarrowPanel(panel);
        reveal(panel);
      }),
    [reveal],
  );
  // A shared session is opened to read its timeline: the run column takes nearly half the width.
  useEffect(() => {
    if (wide && shared) requestAnimationFrame(() => makeRoomForTimeline(SHARED_TIMELINE_SHARE, SHARED_EDITOR_SHARE));
  }, [wide, shared, makeRoomForTimeline]);

  const startRun = useCallback(
    (target: PlaygroundState, turn: TurnTarget = {}) => {
      const request = buildTurnRequest(target, turn);
      if (!request.ok) {
        dispatch({ type: 'run-refused', message: request.error });
        return;
      }
      const message = request.value.messages[0]?.content ?? '';
      setNarrowPanel('run');
      makeRoomForTimeline(RUN_TIMELINE_SHARE);
      start(request.value, { message, ...(turn.branchAt === undefined ? {} : { branchAt: turn.branchAt }) });
      // The composer empties once its message is sent, as in a chat; an edit re-run leaves it alone.
      if (turn.message === undefined) dispatch({ type: 'message-changed', message: '' });
    },
    [start, makeRoomForTimeline],
  );
  const fork = useForkAction(readState, dispatch);
  const startForkRun = useCallback(
    (sessionId: string, forkRun: ForkRun) => {
      const body = buildForkBody(stateRef.current, forkRun);
      if (!body.ok) {
        dispatch({ type: 'run-refused', message: body.error });
        return;
      }
      setNarrowPanel('run');
      makeRoomForTimeline(RUN_TIMELINE_SHARE);
      start(body.value, { message: forkRun.message, endpoint: `/api/sessions/${encodeURIComponent(sessionId)}/fork` });
    },
    [start, makeRoomForTimeline],
  );
  useForkLoader(forkId, { dispatch, readState, startRun, startForkRun });
  const forkWithOutput = useCallback(
    (callId: string, output: string) => {
      const current = stateRef.current;
      const turns = selectActiveBranch(current.conversation).turns;
      const turn = turns.findIndex((candidate) => candidate.events.some((event) => event.type === 'tool-output' && event.callId === callId));
      if (turn === -1 || !shared) return;
      fork(true, undefined, { turn, message: turns[turn]?.message ?? '', outputs: [{ callId, output }], ...selectForkEdits(current, shared) });
    },
    [fork, shared],
  );
  const rerunWithEdits = useCallback(
    (turn: number) => {
      const current = stateRef.current;
      if (!shared) return;
      const edits = selectForkEdits(current, shared);
      if (Object.keys(edits).length === 0) {
        dispatch({ type: 'problem-reported', message: 'Nothing to re-run with: edit the module, the model or a run setting first, or change a call\'s output on its card.' });
        return;
      }
      const message = selectActiveBranch(current.conversation).turns[turn]?.message ?? '';
      fork(true, undefined, { turn, message, outputs: [], ...edits });
    },
    [fork, shared],
  );
  const timelineActions = useMemo(() => (shared ? { ...runner, forkWithOutput } : runner), [shared, runner, forkWithOutput]);
  const run = useCallback(() => {
    const current = stateRef.current;
    // A shared session is a record: running it means running a fork of it.
    if (current.origin.kind === 'shared') fork(true);
    else if (!isRunActive(selectRun(current))) startRun(current);
  }, [startRun, fork]);
  const rerun = useCallback(
    (turnIndex: number, message: string) => {
      const current = stateRef.current;
      if (current.origin.kind === 'shared' || isRunActive(selectRun(current))) return;
      startRun(current, { message, branchAt: turnIndex });
    },
    [startRun],
  );
  const selectPreset = useCallback(
    (preset: PlaygroundPreset) => {
      const action = { type: 'preset-loaded', preset } as const;
      drafts.setAside();
      dispatch(action);
      startRun(playgroundReducer(stateRef.current, action));
    },
    [startRun, drafts],
  );
  const startFresh = useCallback(() => {
    const first = presets[0];
    drafts.setAside();
    if (first) dispatch({ type: 'preset-loaded', preset: first });
    else dispatch({ type: 'conversation-cleared' });
  }, [presets, drafts]);
  // On a shared page: the edits are set aside (kept in History) and the record is shown as shared.
  const backToShared = useCallback(() => {
    if (!shared) return;
    drafts.setAside();
    dispatch({ type: 'session-loaded', record: shared, origin: 'shared' });
  }, [shared, drafts]);
  useRunShortcut(run);

  const unusedTabs: EditorTab[] = [
    ...(state.model.provider === 'scripted' ? [] : (['script'] as const)),
    ...(state.mode === 'task' ? [] : (['result-schema'] as const)),
  ];
  const loadedPreset = presets.find((candidate) => candidate.id === state.presetId);
  // The banner describes the preset's module; once none of its tools is left in the editor it is gone.
  const preset = loadedPreset && describesSource(loadedPreset.source, state.documents.tools) ? loadedPreset : undefined;
  const presetEdited = preset !== undefined && preset.source !== state.documents.tools;

  const activeTurnEvents = useMemo(() => selectActiveBranch(state.conversation).turns.map((turn) => turn.events), [state.conversation]);
  const waiting = selectWaitingCalls(currentRun.events);
  const waitingCount = waiting.approvals.length + waiting.outputs.length;
  useTitleBadge(waitingCount);
  const hidden = (panel: NarrowPanel) => (narrowPanel === panel ? '' : 'max-[1199px]:hidden');
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
      onRun={run}
      unusedTabs={unusedTabs}
    />
  );
  const schemaColumn = (
    <SchemaPanel
      compile={state.compile}
      permissionMode={state.permissionMode}
      onImportTools={(source) => dispatch({ type: 'document-changed', tab: 'tools', text: source })}
      answerByHand={state.answerByHand}
      onToggleAnswerByHand={(tool, enabled) => dispatch({ type: 'answer-by-hand-toggled', tool, enabled })}
      source={state.documents.tools}
      files={currentFiles}
      seed={state.model.seed}
    />
  );
  const runColumn = (
    <>
    {preset && (
      <p data-testid="preset-summary" className="border-b border-border bg-panel-muted px-3 py-1.5 text-[11px] leading-snug text-fg-muted">
        <span className="font-semibold text-fg">
          {preset.title}
          {presetEdited ? ' (edited)' : ''}.
        </span>{' '}
        {preset.summary}
      </p>
    )}
    <RunPanel state={state} dispatch={dispatch} onRun={run} onStop={runner.stop} runLabel={shared ? 'Fork & run ▶' : undefined} />
    <div id="timeline" tabIndex={-1} data-testid="timeline-region" className="scroll-stable min-h-0 flex-1 space-y-2 overflow-y-auto px-3 py-2 focus:outline-none">
      <AssertionsPanel
        text={state.assertions}
        onChange={(assertions) => dispatch({ type: 'assertions-changed', assertions })}
        turns={activeTurnEvents}
        running={isRunActive(currentRun)}
        record={shared}
      />
      <Timeline
        turns={selectActiveBranch(state.conversation).turns}
        running={isRunActive(currentRun)}
        actions={timelineActions}
        turnControls={
          shared
            ? { kind: 'shared', onFork: (turnIndex) => fork(false, turnIndex), onRerunWithEdits: rerunWithEdits }
            : { kind: 'editable', onRerun: rerun, disabled: isRunActive(currentRun) }
        }
        // A shared page has every turn's tape in its record; elsewhere the server answers by turn id.
        tapes={shared?.turns}
      />
    </div>
    </>
  );
  return (
    <div className="flex h-dvh min-h-[560px] flex-col">
      <SkipLinks />
      <AppHeader
        presets={shared ? [] : presets}
        currentPresetId={state.presetId}
        onSelectPreset={selectPreset}
        theme={theme}
        onToggleTheme={toggleTheme}
      >
        <HistoryMenu list={drafts.list} onReopen={(id) => void drafts.reopen(id)} currentId={drafts.currentId} savedAt={drafts.savedAt} />
        {!shared && <ShareButton key={currentRun.turnId ?? 'no-turn'} state={state} />}
        <SessionImport />
        {wide && <PanelToggles layout={panels} />}
      </AppHeader>
      <DraftNotice notice={drafts.notice} onStartFresh={shared ? backToShared : startFresh} onBringBack={(id) => void drafts.reopen(id)} onDismiss={drafts.dismissNotice} />
      <SessionBanner origin={state.origin} shared={shared} onFork={() => fork(false)} turns={activeTurnEvents} />
      {wide ? (
        <main className="flex min-h-0 flex-1">
          <ResizableColumns
            layout={panels}
            columns={{
              editor: <div className="h-full min-h-0">{editorColumn}</div>,
              schemas: (
                <div id="panel-schemas" className="h-full min-h-0 bg-bg">
                  {schemaColumn}
                </div>
              ),
              run: (
                <div id="panel-run" className="flex h-full min-h-0 flex-col bg-bg">
                  {runColumn}
                </div>
              ),
            }}
          />
        </main>
      ) : (
        // The server renders this one; CSS lays it out in three columns until the browser knows its width.
        <main className="grid min-h-0 flex-1 grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] min-[1200px]:grid-cols-[minmax(0,1.3fr)_minmax(0,0.9fr)_minmax(0,1.05fr)]">
          <div className="min-h-0 border-r border-border">{editorColumn}</div>
          <div className="flex min-h-0 flex-col min-[1200px]:contents">
            <NarrowPanelTabs
              shown={narrowPanel}
              onShow={setNarrowPanel}
              toolCount={selectSchemaView(state.compile).tools.length}
              waiting={waitingCount}
              running={isRunActive(currentRun)}
            />
            <div id="panel-schemas" className={`min-h-0 border-border bg-bg max-[1199px]:flex-1 min-[1200px]:border-r ${hidden('schemas')}`}>
              {schemaColumn}
            </div>
            <div id="panel-run" className={`flex min-h-0 flex-col bg-bg max-[1199px]:flex-1 ${hidden('run')}`}>
              {runColumn}
            </div>
          </div>
        </main>
      )}
    </div>
  );
}

/** Whether `source` still holds one of the tools `presetSource` defines (by `name: '…'`). */
function describesSource(presetSource: string, source: string): boolean {
  const names = [...presetSource.matchAll(/name: '([^']+)'/g)].map((match) => match[1]);
  return names.length === 0 || names.some((name) => source.includes(`'${name}'`) || source.includes(`"${name}"`));
}
