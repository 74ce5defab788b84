import { describe, expect, it } from 'vitest';
import { replaySession } from '@/lib/replay';
import { runTurnOnTape } from '@/lib/server/replay';
import { importTrace } from '@/lib/traces';
import { expectImported } from '../../support/traces/expect-imported';
import { importAndRecord } from '../../support/traces/import-and-record';
import { recordGenAiTrace } from '../../support/traces/record-gen-ai-trace';
import { LENIENT_APP, WEATHER_SCENARIO } from '../../support/traces/trace-scenario';

describe('an imported trace: where the runtime decided otherwise than the app', () => {
  it('marks each call the app ran that the runtime rejected, repaired, did not resolve or gated, from the runtime\'s own events', async () => {
    const session = await importAndRecord(await recordGenAiTrace(LENIENT_APP));
    const turn = session.turns[0]!;
    const callIds = turn.events.flatMap((event) => (event.type === 'model-response' ? event.calls.map((call) => call.callId) : []));
    expect(turn.appDifferences?.map((difference) => [callIds.indexOf(difference.callId), difference.kind])).toEqual([
      [0, 'arguments-rejected'],
      [1, 'arguments-repaired'],
      [2, 'unknown-tool'],
      [3, 'permission-ask'],
    ]);
    const [rejected, repaired, unknown, asked] = turn.appDifferences!;
    expect(rejected!.note).toMatch(/^The app ran this call with these arguments; the runtime rejects them \(invalid-arguments\), so the model got this instead of the app's result: .*\/city/);
    expect(repaired!.note).toMatch(/^The app ran this call on the arguments as the model wrote them; the runtime repaired them first \(.+\)\.$/);
    expect(unknown!.note).toMatch(/^The app ran this call; the runtime does not resolve its tool name, so the model got this instead of the app's result: .*forecast/);
    expect(asked!.note).toBe('The app ran this call without asking; the permission gate asks first (Permission mode auto: destructive tools ask first.). The import approved it as the app ran it.');
    // The gated call still gets the app's result: the recording approved it as the app ran it.
    const outputs = turn.events.flatMap((event) => (event.type === 'tool-output' ? [[event.callId, event.status, event.output]] : []));
    expect(outputs).toContainEqual([asked!.callId, 'success', 'Cancelled.']);
    expect(turn.approvals).toEqual([{ callId: asked!.callId, approved: true, reason: 'The app ran this call without asking.' }]);
  });

  it('lists the differences and the tool left out in the import notes, and replays identically', async () => {
    const imported = expectImported(importTrace(await recordGenAiTrace(LENIENT_APP)));
    expect(imported.notes).toContainEqual({ where: 'tools', reason: "forecast: called but never offered in a recorded definition; not in the module, so the runtime answers such a call as an unknown tool (the timeline marks each one the app ran)." });
    expect(imported.appCalls).toEqual([
      { name: 'get_weather', where: 'call call_number (get_weather)', ran: true },
      { name: 'get_weather', where: 'call call_quotes (get_weather)', ran: true },
      { name: 'forecast', where: 'call call_hidden (forecast)', ran: true },
      { name: 'cancel_booking', where: 'call call_cancel (cancel_booking)', ran: true },
    ]);
    expect(imported.session.turns[0]!.request.source).toContain("    executionMode: 'parallel',\n    isDestructive: true,");
    const session = await importAndRecord(await recordGenAiTrace(LENIENT_APP));
    expect(await replaySession(session, (turn) => runTurnOnTape(turn))).toMatchObject({ identical: true });
  });

  it('marks nothing on a run the runtime handles as the app did, and runs one response\'s calls as one parallel batch, said in a note', async () => {
    const imported = expectImported(importTrace(await recordGenAiTrace(WEATHER_SCENARIO)));
    expect(imported.notes.find((note) => note.reason.startsWith('Its 2 calls ran together in the app'))?.reason).toBe(
      "Its 2 calls ran together in the app; the module's tools are marked executionMode 'parallel' (they only read the recording), so the runtime's dispatch plan runs them as one parallel batch too.",
    );
    const session = await importAndRecord(await recordGenAiTrace(WEATHER_SCENARIO));
    expect(session.turns[0]!.appDifferences).toBeUndefined();
    const plans = session.turns[0]!.events.flatMap((event) => (event.type === 'dispatch-plan' ? [event.batches.map((batch) => [batch.mode, batch.callIds.length])] : []));
    expect(plans).toEqual([[['parallel', 2]], [['parallel', 1]]]);
  });
});
