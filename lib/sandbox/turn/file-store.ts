import { SANDBOX_LIMITS } from '@/lib/contract';

/** The virtual file store of one conversation, with its quotas; a refused write throws into the tool. */
export type FileStore = {
  read(path: string): string | undefined;
  write(path: string, text: string): void;
  list(): string[];
  remove(path: string): boolean;
  snapshot(): Record<string, string>;
  /** Grows on every change. */
  version(): number;
};

/** Thrown through the host function, so the tool sees an ordinary Error it can catch. */
export class FileQuotaError extends Error {
  override name = 'FileQuotaError';
}

const { count: MAX_FILES, bytesPerFile: MAX_FILE_BYTES, bytesPerConversation: MAX_TOTAL_BYTES } = SANDBOX_LIMITS.files;
const MAX_PATH_CHARACTERS = 500;

export function createFileStore(initial: Record<string, string>): FileStore {
  const files = new Map<string, string>();
  const sizes = new Map<string, number>();
  let total = 0;
  let version = 0;
  const put = (path: string, text: string) => {
    const bytes = Buffer.byteLength(text, 'utf8');
    total += bytes - (sizes.get(path) ?? 0);
    files.set(path, text);
    sizes.set(path, bytes);
  };
  for (const [path, text] of Object.entries(initial)) put(path, text);

  return {
    read: (path) => files.get(path),
    write(path, text) {
      if (path.length === 0 || path.length > MAX_PATH_CHARACTERS) throw new FileQuotaError(`ctx.files: a path must have 1 to ${MAX_PATH_CHARACTERS} characters.`);
      const bytes = Buffer.byteLength(text, 'utf8');
      if (bytes > MAX_FILE_BYTES) throw new FileQuotaError(`ctx.files quota: ${path} would be ${bytes} bytes; one file may hold at most ${MAX_FILE_BYTES} bytes (1 MB).`);
      if (!files.has(path) && files.size >= MAX_FILES) throw new FileQuotaError(`ctx.files quota: the store already holds ${files.size} files, the most a conversation may keep; delete one first.`);
      const after = total + bytes - (sizes.get(path) ?? 0);
      if (after > MAX_TOTAL_BYTES) throw new FileQuotaError(`ctx.files quota: writing ${path} would bring the store to ${after} bytes; a conversation may keep at most ${MAX_TOTAL_BYTES} bytes (8 MB).`);
      put(path, text);
      version += 1;
    },
    list: () => [...files.keys()].sort(),
    remove(path) {
      if (!files.has(path)) return false;
      total -= sizes.get(path) ?? 0;
      files.delete(path);
      sizes.delete(path);
      version += 1;
      return true;
    },
    snapshot: () => Object.fromEntries([...files.entries()].sort(([a], [b]) => a.localeCompare(b))),
    version: () => version,
  };
}
