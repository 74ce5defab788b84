export { SideBySideColumns } from './side-by-side-columns';
export { SchemaModelSwitch } from './schema-model-switch';
