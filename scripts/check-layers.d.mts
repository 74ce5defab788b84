/** One import the layer rules refuse: the importing file, the file it reaches, and the rule. */
export type LayerViolation = {
  rule: 'layer-order' | 'deep-import' | 'folder-cycle' | 'test-import';
  from: string;
  to: string;
  /** The import as written, when it differs from the file it resolves to. */
  specifier?: string;
  /** For a folder cycle: the folders around it, first to last. */
  cycle?: string[];
  comment: string;
};
export function findLayerViolations(root?: string): Promise<LayerViolation[]>;
export function describeViolation(violation: LayerViolation): string;
export function roomOf(file: string): string;
