export { generatePrefill } from './generate-prefill';
export { readFormFields, readFormObject, setFormValue } from './read-form-fields';
export { TryToolPanel } from './try-tool-panel';
export type { TryContext } from './try-tool-panel';
