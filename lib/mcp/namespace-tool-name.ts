import { TOOL_NAME_PATTERN } from '@/lib/runtime';

const MAX_NAME_LENGTH = 64;

/**
 * A server's tool names may hold dots, slashes and up to 128 characters; a runtime name may not.
 * Each name is made safe (other characters become `_`, cut to 64) and kept unique within the
 * server with a numbered suffix, in listing order, so the same listing always maps the same way.
 */
export function namespaceToolNames(serverNames: readonly string[]): string[] {
  const taken = new Set<string>();
  return serverNames.map((serverName) => {
    const base = TOOL_NAME_PATTERN.test(serverName) ? serverName : serverName.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, MAX_NAME_LENGTH) || 'tool';
    let name = base;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${base.slice(0, MAX_NAME_LENGTH - String(suffix).length - 1)}_${suffix}`;
    taken.add(name);
    return name;
  });
}
