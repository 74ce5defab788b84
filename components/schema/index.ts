export { SchemaPanel } from './schema-panel';
export { SendingProviderContext } from './sending-provider-context';
