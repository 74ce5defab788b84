import type { PermissionMode, TurnMode } from '@/lib/runtime';

/** Fault injection for the embedded auto model. */
export type PresetFaults = {
  rate: number;
  kinds?: ('malformed-json' | 'invalid-arguments' | 'unknown-tool' | 'duplicate-call')[];
};

/** Which embedded model a preset runs on; `scripted` plays the preset's `script`. */
export type PresetModel = { provider: 'auto'; seed?: number; faults?: PresetFaults } | { provider: 'scripted' };

/**
 * A ready-to-run example: everything the editor and run panel need, runnable as-is with the
 * embedded model and no API key.
 */
export type Preset = {
  id: string;
  title: string;
  /** One or two sentences on what to look at in the timeline. */
  summary: string;
  /** The tool module (TypeScript) loaded into the editor. */
  source: string;
  /** JSON text of the scripted model's steps, when `model.provider` is `scripted`. */
  script?: string;
  model: PresetModel;
  /** The user message the turn starts with. */
  message: string;
  permissionMode: PermissionMode;
  mode: TurnMode;
  /** JSON text of the task result schema, in task mode. */
  resultSchema?: string;
  /** The turn's virtual file store. */
  files?: Record<string, string>;
  maxIterations?: number;
};

/** One scripted model step as the preset files write it; serialized into `Preset.script`. */
export type PresetScriptStep = {
  text?: string;
  calls?: { name: string; namespace?: string; arguments: string }[];
};

/** Serializes scripted steps to the JSON text users see and edit. */
export function formatScript(steps: PresetScriptStep[]): string {
  return JSON.stringify(steps, null, 2);
}

/** Serializes call arguments the way a well-behaved model sends them. */
export function formatArguments(args: Record<string, unknown>): string {
  return JSON.stringify(args);
}
