/**
 * Renders a path into the arguments the way a model reads it: `items[2].name`, `["odd key"]`,
 * and `(root)` for the arguments object itself. The sandbox prelude renders Zod paths the same way.
 */
export function formatIssuePath(segments: (string | number)[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? '(root)' : out;
}
