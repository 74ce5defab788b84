import type { JsonPath } from '@/lib/runtime';

const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/;

/**
 * A path as a person reads it: `city`, `items[2].name`, `["odd key"]`; the whole value is
 * `(root)`. For display only; the path itself stays a list of segments.
 */
export function formatJsonPath(path: JsonPath): string {
  if (path.length === 0) return '(root)';
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
