import { useCallback, useState } from 'react';

export type OpenedRows = {
  isOpen: (qualifiedName: string) => boolean;
  /** Stable across renders, so memoized rows do not re-render when another row opens. */
  setOpen: (qualifiedName: string, open: boolean) => void;
};

/**
 * Which tool rows are open: what the person chose for a qualified name, otherwise `defaultOpen`.
 * Keyed by name, so the choice survives recompiles, filtering and the row leaving the viewport.
 */
export function useOpenedRows(defaultOpen: boolean): OpenedRows {
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const isOpen = useCallback((qualifiedName: string) => chosen.get(qualifiedName) ?? defaultOpen, [chosen, defaultOpen]);
  const setOpen = useCallback((qualifiedName: string, open: boolean) => setChosen((previous) => new Map(previous).set(qualifiedName, open)), []);
  return { isOpen, setOpen };
}
