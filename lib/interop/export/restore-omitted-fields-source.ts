/**
 * The runtime's `restoreOptionalArguments` (with `allowsNull` and local `$ref` resolution) as
 * source text for an exported file, where `restoreOmittedFields(value, schema, root, 0)` runs
 * inside `createPlaygroundRunner`. A test holds the two to the same answers.
 */
export const RESTORE_OMITTED_FIELDS_SOURCE = String.raw`
  // Strict mode makes every field required, so the model sends null for one it leaves out. As in
  // the playground, such nulls are removed before validation where the authored schema had the
  // field optional and rejects null.
  function restoreOmittedFields(value: unknown, schema: unknown, root: PlaygroundJsonSchema, depth: number): unknown {
    if (depth > 128 || typeof value !== 'object' || value === null) return value;
    const node = resolveSchema(schema, root);
    if (!isRecord(node)) return value;
    const restored = restoreOwnFields(value, node, root, depth);
    for (const union of [node.anyOf, node.oneOf]) {
      if (!Array.isArray(union)) continue;
      const branch = union.find((candidate) => isPlausibleBranch(restored, resolveSchema(candidate, root)));
      return branch === undefined ? restored : restoreOmittedFields(restored, branch, root, depth + 1);
    }
    return restored;
  }
  function restoreOwnFields(value: object, node: Record<string, unknown>, root: PlaygroundJsonSchema, depth: number): object {
    if (Array.isArray(value)) return isRecord(node.items) ? value.map((item) => restoreOmittedFields(item, node.items, root, depth + 1)) : value;
    const properties = node.properties;
    if (!isRecord(properties)) return value;
    const required: unknown[] = Array.isArray(node.required) ? node.required : [];
    const restored: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      const property = hasOwn(properties, key) ? properties[key] : undefined;
      if (entry === null && property !== undefined && !required.includes(key) && !allowsNull(property, root, 0)) continue;
      const kept = property === undefined ? entry : restoreOmittedFields(entry, property, root, depth + 1);
      Object.defineProperty(restored, key, { value: kept, enumerable: true, writable: true, configurable: true });
    }
    return restored;
  }
  function allowsNull(schema: unknown, root: PlaygroundJsonSchema, hops: number): boolean {
    if (schema === true) return true;
    if (!isRecord(schema)) return false;
    if (typeof schema.$ref === 'string') {
      const target = hops < 32 ? resolveReference(root, schema.$ref) : undefined;
      if (target === undefined || !allowsNull(target, root, hops + 1)) return false;
    }
    if ('const' in schema && schema.const !== null) return false;
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) return false;
    if (schema.type !== undefined && !(Array.isArray(schema.type) ? schema.type : [schema.type]).includes('null')) return false;
    return [schema.anyOf, schema.oneOf].every((union) => !Array.isArray(union) || union.some((branch) => allowsNull(branch, root, hops)));
  }
  function isPlausibleBranch(value: object, branch: unknown): boolean {
    if (!isRecord(branch)) return false;
    const types: unknown[] = branch.type === undefined ? [] : Array.isArray(branch.type) ? branch.type : [branch.type];
    if (types.length > 0 && !types.includes(Array.isArray(value) ? 'array' : 'object')) return false;
    if (!isRecord(value)) return true;
    if (Array.isArray(branch.required) && branch.required.some((key) => typeof key === 'string' && !hasOwn(value, key))) return false;
    if (!isRecord(branch.properties)) return true;
    for (const [key, property] of Object.entries(branch.properties)) {
      if (!isRecord(property) || !hasOwn(value, key)) continue;
      const actual = JSON.stringify(value[key]);
      if ('const' in property && JSON.stringify(property.const) !== actual) return false;
      if (Array.isArray(property.enum) && !property.enum.some((member) => JSON.stringify(member) === actual)) return false;
    }
    return true;
  }
  function resolveSchema(schema: unknown, root: PlaygroundJsonSchema): unknown {
    let current = schema;
    for (let hops = 0; hops < 128 && isRecord(current) && typeof current.$ref === 'string'; hops += 1) {
      const target = resolveReference(root, current.$ref);
      if (target === undefined) return current;
      current = target;
    }
    return current;
  }
  /** A same-document $ref ('#' or '#/…'); undefined for anything else or a pointer to nothing. */
  function resolveReference(root: PlaygroundJsonSchema, reference: string): unknown {
    if (reference === '#') return root;
    if (!reference.startsWith('#/')) return undefined;
    let pointer: string;
    try {
      pointer = decodeURIComponent(reference.slice(2));
    } catch {
      return undefined;
    }
    let current: unknown = root;
    for (const segment of pointer.split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))) {
      if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment) && Number(segment) < current.length) current = current[Number(segment)];
      else if (isRecord(current) && hasOwn(current, segment)) current = current[segment];
      else return undefined;
    }
    return current;
  }
  function isRecord(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
  function hasOwn(value: object, key: string): boolean {
    return Object.prototype.hasOwnProperty.call(value, key);
  }
`;
