// Server-only: bundles the installed zod package with esbuild and caches it on disk.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, version as esbuildVersion } from 'esbuild';

/** The global name the Zod script assigns its namespace to inside the sandbox. */
export const ZOD_GLOBAL_NAME = '__playgroundZod';

let bundlePromise: Promise<string> | undefined;

/**
 * The installed `zod` as one script that defines `globalThis.__playgroundZod` (with `z`, the named
 * exports and `default`). Built on first use, then cached in memory and in the OS temp directory,
 * keyed by the zod and esbuild versions, so later processes skip the ~300 ms build.
 */
export function loadZodBundle(): Promise<string> {
  bundlePromise ??= buildZodBundle().catch((error: unknown) => {
    bundlePromise = undefined;
    throw error;
  });
  return bundlePromise;
}

async function buildZodBundle(): Promise<string> {
  const packageDirectory = resolveZodPackageDirectory();
  const { version } = JSON.parse(await readFile(path.join(packageDirectory, 'package.json'), 'utf8')) as { version: string };
  const cacheFile = path.join(tmpdir(), 'tool-runtime-playground', `zod-${version}-esbuild-${esbuildVersion}.js`);
  // A missing or unreadable cache file is a cache miss.
  const cached = await readFile(cacheFile, 'utf8').catch(() => undefined);
  if (cached) return cached;

  const result = await build({
    stdin: { contents: "export * from 'zod';\nexport { default } from 'zod';\n", resolveDir: path.dirname(path.dirname(packageDirectory)), loader: 'js' },
    bundle: true,
    format: 'iife',
    globalName: ZOD_GLOBAL_NAME,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['import'],
    target: 'es2020',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error('esbuild produced no output for the zod bundle.');
  await writeCacheFile(cacheFile, code);
  return code;
}

/** The directory of the installed zod package, found from this module or from the working directory. */
function resolveZodPackageDirectory(): string {
  const bases = [import.meta.url, path.join(process.cwd(), 'package.json')];
  for (const base of bases) {
    try {
      return path.dirname(createRequire(base).resolve('zod/package.json'));
    } catch (error) {
      if (!isModuleNotFound(error)) throw error;
    }
  }
  return path.join(process.cwd(), 'node_modules', 'zod');
}

function isModuleNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'MODULE_NOT_FOUND' || error.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED');
}

/** Writes through a temporary name so a concurrent reader never sees half a file; a failure only costs the cache. */
async function writeCacheFile(file: string, code: string): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, code, 'utf8');
    await rename(temporary, file);
  } catch (error) {
    console.warn(`Could not cache the zod bundle at ${file}: ${String(error)}`);
  }
}
