import { SKIPPED, type RepairRungDefinition } from './repair-rung';

/** Blank arguments mean "no arguments": some providers send `""` for a parameterless call. */
export const emptyToObject: RepairRungDefinition = {
  rung: 'empty-to-object',
  apply: (text) => (text.trim() === '' ? { kind: 'applied', text: '{}' } : SKIPPED),
};
