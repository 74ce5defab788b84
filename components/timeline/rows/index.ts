export { CarriedInRow } from './carried-in-row';
export { IterationSection } from './iteration-section';
export { ModelRequestRow } from './model-request-row';
export { RequestTiming } from './request-timing';
export { RequestUsage } from './request-usage';
export { SandboxStepRow } from './sandbox-step-row';
export { ToolsChangedRow } from './tools-changed-row';
export type { SandboxStepRowProps } from './sandbox-step-row';
