import { assertNever } from '@/lib/runtime';
import type { ImportedTool, ToolImport } from './imported-tool';
import { renderToolModule } from './render-tool-module';

/** Above this many tools the dialog offers deferred loading, checked. */
export const DEFER_LOADING_THRESHOLD = 20;
/** Up to this many tools every group starts open; beyond, groups start closed. */
const OPEN_GROUPS_UP_TO = 40;
/** Tools a group lists before "show more". */
export const GROUP_PAGE_SIZE = 50;

/** `crm.find`, or `find` without a namespace: unique within one import. */
export function qualifyImportedTool(tool: Pick<ImportedTool, 'name' | 'namespace'>): string {
  return tool.namespace ? `${tool.namespace}.${tool.name}` : tool.name;
}

/** The tools of one namespace (`key` `''`: those without), in document order. */
export type ToolGroup = { key: string; description?: string; tools: ImportedTool[] };

export function groupImportedTools(tools: readonly ImportedTool[]): ToolGroup[] {
  const groups = new Map<string, ToolGroup>();
  for (const tool of tools) {
    const key = tool.namespace ?? '';
    let group = groups.get(key);
    if (!group) {
      group = { key, ...(tool.namespaceDescription ? { description: tool.namespaceDescription } : {}), tools: [] };
      groups.set(key, group);
    }
    group.tools.push(tool);
  }
  return [...groups.values()];
}

/** Whether `query` (trimmed, any case) occurs in the tool's name, namespace, tags or description. */
export function matchesToolQuery(tool: ImportedTool, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return [tool.name, tool.namespace ?? '', tool.description, ...tool.tags].some((text) => text.toLowerCase().includes(needle));
}

/** What the user picked: tools by qualified name, and whether they load deferred. */
export type ImportSelection = { selected: ReadonlySet<string>; deferLoading: boolean };

/** The module for the picked tools only, with only the definitions they reach. */
export function renderImportSelection(imported: ToolImport, { selected, deferLoading }: ImportSelection): string {
  const tools = imported.tools
    .filter((tool) => selected.has(qualifyImportedTool(tool)))
    .map((tool) => (deferLoading ? { ...tool, deferLoading: true } : tool));
  return renderToolModule({ tools, definitions: imported.definitions, sourceLabel: imported.sourceLabel });
}

/** The picker's state for one import. */
export type PickerState = {
  selected: ReadonlySet<string>;
  query: string;
  /** Groups the user opened or closed, against how they start: open in a search or a small import, closed otherwise. */
  toggled: ReadonlySet<string>;
  /** How many tools each group lists, beyond the first page. */
  shown: Readonly<Record<string, number>>;
  startsOpen: boolean;
  deferLoading: boolean;
};

export type PickerAction =
  | { type: 'set-tools'; keys: readonly string[]; selected: boolean }
  | { type: 'search'; query: string }
  | { type: 'toggle-group'; group: string }
  | { type: 'show-more'; group: string }
  | { type: 'set-defer-loading'; deferLoading: boolean };

/** Every tool selected; groups open for small imports; deferred loading on for large ones. */
export function createPickerState(imported: ToolImport): PickerState {
  const count = imported.tools.length;
  return {
    selected: new Set(imported.tools.map(qualifyImportedTool)),
    query: '',
    toggled: new Set(),
    shown: {},
    startsOpen: count <= OPEN_GROUPS_UP_TO,
    deferLoading: count > DEFER_LOADING_THRESHOLD,
  };
}

export function reducePicker(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'set-tools': {
      const selected = new Set(state.selected);
      for (const key of action.keys) {
        if (action.selected) selected.add(key);
        else selected.delete(key);
      }
      return { ...state, selected };
    }
    case 'search': {
      // Starting or ending a search starts over with which groups are open (see `isGroupOpen`).
      const isSearching = action.query.trim() !== '';
      return { ...state, query: action.query, toggled: isSearching === (state.query.trim() !== '') ? state.toggled : new Set() };
    }
    case 'toggle-group': {
      const toggled = new Set(state.toggled);
      if (!toggled.delete(action.group)) toggled.add(action.group);
      return { ...state, toggled };
    }
    case 'show-more':
      return { ...state, shown: { ...state.shown, [action.group]: (state.shown[action.group] ?? GROUP_PAGE_SIZE) + GROUP_PAGE_SIZE } };
    case 'set-defer-loading':
      return { ...state, deferLoading: action.deferLoading };
    default:
      return assertNever(action);
  }
}

/** Whether a group lists its tools: a search opens every group with a match. */
export function isGroupOpen(state: PickerState, group: string): boolean {
  if (state.query.trim() !== '') return !state.toggled.has(group);
  return state.startsOpen !== state.toggled.has(group);
}
