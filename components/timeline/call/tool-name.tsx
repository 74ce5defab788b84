export type ToolNameProps = {
  /** A qualified name as events carry it: `crm.lookup_account`, or `read_file` outside a namespace. */
  name: string;
  className?: string;
};

/** Splits a qualified tool name at its first dot; a plain name has no namespace. */
export function splitQualifiedName(name: string): { namespace?: string; name: string } {
  const dot = name.indexOf('.');
  return dot <= 0 ? { name } : { namespace: name.slice(0, dot), name: name.slice(dot + 1) };
}

/** A tool name in monospace, its namespace set apart in colour so `crm.` reads as a group. */
export function ToolName({ name, className = '' }: ToolNameProps) {
  const parts = splitQualifiedName(name);
  return (
    <code className={`font-mono ${className}`} data-namespace={parts.namespace}>
      {parts.namespace && (
        <span data-testid="tool-namespace" className="text-sky-700 dark:text-sky-400">
          {parts.namespace}
          <span className="opacity-60">.</span>
        </span>
      )}
      {parts.name}
    </code>
  );
}
