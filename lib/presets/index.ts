import { approvalGatePreset } from './approval-gate';
import { autoModelFaultsPreset } from './auto-model-faults';
import { parallelAndSequentialPreset } from './parallel-and-sequential';
import type { Preset } from './preset';
import { repairLadderPreset } from './repair-ladder';
import { strictModePitfallsPreset } from './strict-mode-pitfalls';
import { taskSubmitResultPreset } from './task-submit-result';
import { toolSearchAutoPreset, toolSearchCatalogPreset } from './tool-search-catalog';

export type { Preset, PresetModel } from './preset';
export { approvalGatePreset } from './approval-gate';
export { autoModelFaultsPreset } from './auto-model-faults';
export { parallelAndSequentialPreset } from './parallel-and-sequential';
export { repairLadderPreset } from './repair-ladder';
export { strictModePitfallsPreset } from './strict-mode-pitfalls';
export { taskSubmitResultPreset } from './task-submit-result';
export { toolSearchCatalogPreset } from './tool-search-catalog';
export { toolSearchCatalogSource } from './tool-search-catalog-source';

/** The examples offered in the Presets menu, in menu order. */
export const PRESETS: Preset[] = [
  parallelAndSequentialPreset,
  repairLadderPreset,
  strictModePitfallsPreset,
  approvalGatePreset,
  taskSubmitResultPreset,
  autoModelFaultsPreset,
  toolSearchCatalogPreset,
  toolSearchAutoPreset,
];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((preset) => preset.id === id);
}
