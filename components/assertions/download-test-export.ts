'use client';

import { renderPortableTestExport, type ExportRuntime } from '@/lib/replay';
import type { SessionAssertion } from '@/lib/assertions';
import { err, ok, type Result } from '@/lib/runtime';
import type { SessionRecord } from '@/lib/sessions';

/** Where the build puts the bundles an export carries (scripts/build-export-runtime.mjs). */
const RUNTIME_PATH = '/test-export';

/**
 * Builds the session's test folder (`renderPortableTestExport`) with the bundles this server was
 * built with, zips it, and saves `session-<id>.zip`. The zip library loads only when asked.
 */
export async function downloadTestExport(record: SessionRecord, assertions: readonly SessionAssertion[]): Promise<Result<string, string>> {
  const runtime = await fetchRuntime();
  if (!runtime.ok) return runtime;
  const exported = renderPortableTestExport({ record, assertions, runtime: runtime.value });
  const { strToU8, zipSync } = await import('fflate');
  const zipped = zipSync(Object.fromEntries(exported.files.map((file) => [`${exported.folder}/${file.path}`, strToU8(file.text)])), { level: 6 });
  const fileName = `${exported.folder}.zip`;
  const url = URL.createObjectURL(new Blob([zipped as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
  return ok(fileName);
}

async function fetchRuntime(): Promise<Result<ExportRuntime, string>> {
  const read = async (file: string): Promise<Result<string, string>> => {
    try {
      const response = await fetch(`${RUNTIME_PATH}/${file}`);
      return response.ok ? ok(await response.text()) : err(`The test runtime ${file} is not on this server (${response.status}); it is built by npm run build.`);
    } catch (error) {
      return err(`The test runtime ${file} could not be fetched: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const [replayModule, workerModule, dependencies] = await Promise.all([read('playground-replay.mjs'), read('sandbox-worker.mjs'), read('dependencies.json')]);
  if (!replayModule.ok) return replayModule;
  if (!workerModule.ok) return workerModule;
  if (!dependencies.ok) return dependencies;
  return ok({ replayModule: replayModule.value, workerModule: workerModule.value, dependencies: JSON.parse(dependencies.value) as Record<string, string> });
}
