export { SchemaPanel } from './schema-panel';
