import { pickInteger, pickOne, type Random } from '../seeded-random';

const HEX = '0123456789abcdef';

/** A value for a JSON Schema string `format`, or undefined for a format we do not know. */
export function generateFormat(format: string, random: Random): string | undefined {
  const two = (min: number, max: number) => String(pickInteger(random, min, max)).padStart(2, '0');
  const date = () => `20${two(20, 29)}-${two(1, 12)}-${two(1, 28)}`;
  const time = () => `${two(0, 23)}:${two(0, 59)}:${two(0, 59)}Z`;
  switch (format) {
    case 'email':
      return `${pickOne(random, ['ada', 'alan', 'grace', 'linus'])}${pickInteger(random, 1, 99)}@example.com`;
    case 'uuid': {
      const hex = (count: number) => Array.from({ length: count }, () => pickOne(random, HEX)).join('');
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${pickOne(random, '89ab')}${hex(3)}-${hex(12)}`;
    }
    case 'date':
      return date();
    case 'time':
      return time();
    case 'date-time':
      return `${date()}T${time()}`;
    case 'duration':
      return `P${pickInteger(random, 1, 30)}D`;
    case 'uri':
    case 'url':
    case 'iri':
      return `https://example.com/${pickOne(random, ['docs', 'items', 'reports'])}/${pickInteger(random, 1, 999)}`;
    case 'uri-reference':
    case 'iri-reference':
      return `/items/${pickInteger(random, 1, 999)}`;
    case 'hostname':
    case 'idn-hostname':
      return `host-${pickInteger(random, 1, 99)}.example.com`;
    case 'ipv4':
      return `10.${pickInteger(random, 0, 255)}.${pickInteger(random, 0, 255)}.${pickInteger(random, 1, 254)}`;
    case 'ipv6':
      return `2001:db8::${pickInteger(random, 1, 0xffff).toString(16)}`;
    case 'idn-email':
      return 'ada@example.com';
    case 'regex':
      return '^[a-z]+$';
    case 'json-pointer':
      return '/items/0';
    default:
      return undefined;
  }
}
