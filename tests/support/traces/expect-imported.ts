import type { TraceImport } from '@/lib/traces';

/** The successful import, or the test fails with the import's reason. */
export function expectImported(result: TraceImport): Extract<TraceImport, { ok: true }> {
  if (!result.ok) throw new Error(result.reason);
  return result;
}
