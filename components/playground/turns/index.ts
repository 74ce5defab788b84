export { useForkAction } from './use-fork-action';
export { useForkLoader } from './use-fork-loader';
export { useRunShortcut } from './use-run-shortcut';
export { useScenarioCommands } from './use-scenario-commands';
export { useSharedTurnActions } from './use-shared-turn-actions';
export { useTurnRecords } from './use-turn-records';
export { useTurnRunner } from './use-turn-runner';
export { useTurnStarters } from './use-turn-starters';
