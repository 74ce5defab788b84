import type { GroupSummary } from '@/lib/evaluation';

/** One colour per model (variant A dashed, B solid), readable on light and dark panels. */
const MODEL_COLOURS = ['#2563eb', '#d97706', '#059669', '#c026d3'];

export function colourOfModel(models: readonly string[], model: string): string {
  const index = Math.max(0, models.indexOf(model));
  return MODEL_COLOURS[index % MODEL_COLOURS.length] ?? '#2563eb';
}

/** The models in the order their first group appears. */
export function listModels(groups: readonly GroupSummary[]): string[] {
  return [...new Set(groups.map((group) => group.model))];
}

export function describeGroup(group: Pick<GroupSummary, 'model' | 'variant'>): string {
  return `${group.model} · ${group.variant}`;
}
