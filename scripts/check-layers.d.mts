/** One import the layer rules refuse: the importing file, the file it reaches, and the rule. */
export type LayerViolation = {
  rule: 'layer-order' | 'deep-import' | 'folder-cycle';
  from: string;
  to: string;
  /** The import as written, when it differs from the file it resolves to. */
  specifier?: string;
  /** For a folder cycle: the folders around it, first to last. */
  cycle?: string[];
  comment: string;
};
export type BaselineEntry = Pick<LayerViolation, 'rule' | 'from' | 'to'>;
export const BASELINE_FILE: string;
export function findLayerViolations(root?: string): Promise<LayerViolation[]>;
export function compareWithBaseline(violations: LayerViolation[], baseline: BaselineEntry[]): { added: LayerViolation[]; stale: BaselineEntry[] };
export function describeViolation(violation: LayerViolation): string;
export function roomOf(file: string): string;
export function readBaseline(root?: string): Promise<BaselineEntry[]>;
export function writeBaseline(violations: LayerViolation[], root?: string): Promise<void>;
