// Server-only: GET /api/evaluations/{id}/export — the evaluation as a Vitest suite or a Promptfoo configuration.
import { requestModelConfigSchema, sessionAssertionsSchema } from '@/lib/contract';
import { renderPromptfooConfig } from '@/lib/interop';
import { renderEvaluationTestFile, type ExportedEvaluationRun } from '@/lib/replay';
import { err, ok, type JsonValue, type Result } from '@/lib/runtime';
import type { SessionStore } from '@/lib/sessions/store';
import { listReplayableRuns } from './list-replayable-runs';
import { readVariantTools } from './read-variant-tools';
import { z } from 'zod';

export type EvaluationExportFormat = 'vitest' | 'promptfoo';

/** A file to download: its name, media type and text. */
export type EvaluationExport = { fileName: string; contentType: string; text: string };

/** The embedded sessions a Vitest export may carry together; past it the export is refused (413) rather than built. */
export const EVALUATION_EXPORT_BYTES = 30_000_000;

const modelsSchema = z.array(requestModelConfigSchema);

/**
 * Builds the export from what is stored: the request's title, assertions, models and labels (read
 * by the database without the modules), each run's outcome and, for Vitest, its session's stored
 * text, embedded as it is.
 */
export async function exportEvaluation(id: string, format: EvaluationExportFormat, store: SessionStore): Promise<Result<EvaluationExport, { status: number; error: string }>> {
  const summary = await store.evaluations.readEvaluationSummary(id);
  const rows = await store.evaluations.listEvaluationSessions(id);
  if (!summary || !rows) return err({ status: 404, error: `No evaluation ${id}.` });
  // Written by this server after the same schemas' checks.
  const assertions = sessionAssertionsSchema.parse(JSON.parse(summary.assertionsText));
  if (format === 'promptfoo') {
    const models = modelsSchema.parse(JSON.parse(summary.modelsText));
    const request = await readTurnForExport(store, id);
    const variantTools = await readVariantTools((await store.evaluations.readEvaluationModules(id)) ?? []);
    const runs = Math.max(1, ...rows.map((row) => row.run + 1));
    const text = renderPromptfooConfig({ evaluationId: id, title: summary.title, turn: request, models, labels: summary.labels, variantTools, assertions, runs });
    return ok({ fileName: `promptfooconfig-${id}.yaml`, contentType: 'application/yaml; charset=utf-8', text });
  }
  const runs: ExportedEvaluationRun[] = [];
  let bytes = 0;
  for (const row of listReplayableRuns(rows)) {
    const session = await store.readSession(row.sessionId);
    if (session.kind !== 'found') continue;
    bytes += session.body.length;
    if (bytes > EVALUATION_EXPORT_BYTES) return err({ status: 413, error: `The evaluation's runs together pass ${EVALUATION_EXPORT_BYTES / 1_000_000} MB, more than one exported file may carry; export fewer runs (a smaller evaluation).` });
    const label = `${summary.labels[row.variant] ?? `variant ${row.variant + 1}`} · model ${row.model + 1} · run ${row.run + 1}`;
    runs.push({ label, sessionText: session.body, outcomeText: row.outcomeText });
  }
  const text = renderEvaluationTestFile({ evaluationId: id, title: summary.title, assertions: JSON.parse(summary.assertionsText) as JsonValue, runs });
  return ok({ fileName: `evaluation-${id}.test.ts`, contentType: 'text/typescript; charset=utf-8', text });
}

/** The turn's messages and instructions, read by the database without the modules. */
async function readTurnForExport(store: SessionStore, id: string) {
  const turn = await store.evaluations.readEvaluationTurn(id);
  return turn ?? { messages: [] };
}
