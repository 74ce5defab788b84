import { claimToolName, cleanToolName, takenIn, type TakenNames } from '../schema';

/** Separators an operationId puts between its tag and the rest (`repos/get`, `repos_get`, `repos-get`, `repos.get`). */
const TAG_SEPARATORS = ['/', '_', '-', '.'];

export type OperationNameInput = { operationId?: string; tags: readonly string[]; method: string; path: string; at: string };

/** A tool's name and namespace, and a note when the operationId had to change to become a name. */
export type OperationName = { name: string; namespace?: string; /** The tag the namespace comes from, as written. */ tag?: string; note?: string };

/**
 * The namespace is the operation's first tag, made a valid name (the playground groups a
 * namespace's tools, and OpenAI Tool Search finds them by it). The name is the operationId
 * without that tag's prefix (`repos/get` under `repos` → `get`; `reposGet` is not a prefix),
 * else method and path, made a valid name unique in its namespace.
 */
export function nameOpenApiOperation({ operationId, tags, method, path, at }: OperationNameInput, taken: TakenNames): OperationName {
  const tag = tags.find((candidate) => cleanToolName(candidate) !== '');
  const namespace = tag === undefined ? undefined : cleanToolName(tag);
  const raw = operationId ? stripTagPrefix(operationId, tag) : `${method}_${path}`;
  const name = claimToolName(raw, takenIn(taken, namespace));
  const note = operationId && name !== raw ? `${at}/operationId: ${JSON.stringify(operationId)} renamed to ${JSON.stringify(name)}.` : undefined;
  return { name, ...(namespace && tag ? { namespace, tag } : {}), ...(note ? { note } : {}) };
}

function stripTagPrefix(operationId: string, tag: string | undefined): string {
  if (tag === undefined) return operationId;
  const lower = operationId.toLowerCase();
  for (const separator of TAG_SEPARATORS) {
    const prefix = `${tag.toLowerCase()}${separator}`;
    if (lower.startsWith(prefix) && operationId.length > prefix.length) return operationId.slice(prefix.length);
  }
  return operationId;
}
