/** Anthropic has no namespaces: `crm.find` travels as `crm__find` (a qualified name) and is mapped back. */
export const ANTHROPIC_NAMESPACE_SEPARATOR = '__';

/** The wire name of a function, qualified by its namespace. */
export function qualifyToolName(name: string, namespace?: string): string {
  return namespace ? `${namespace}${ANTHROPIC_NAMESPACE_SEPARATOR}${name}` : name;
}
