/**
 * Model configurations one Run may send the same message to, side by side (and one evaluation may
 * run on). Each is a turn of its own, so it stays within the turns a visitor may run at once.
 */
export const SIDE_BY_SIDE_LIMITS = {
  modelConfigs: 4,
} as const;
