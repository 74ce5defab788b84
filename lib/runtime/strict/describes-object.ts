/** Whether strict mode reads `node` as an object schema: `object` among its types, or no type beside `properties`. */
export function describesObject(node: Record<string, unknown>): boolean {
  const types: unknown[] = Array.isArray(node.type) ? node.type : [node.type];
  return types.includes('object') || (node.type === undefined && 'properties' in node);
}
