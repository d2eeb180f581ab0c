import { RdataError } from './rdata';

const V4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function ipv4(text: string): string {
  if (!V4.test(text)) throw new RdataError(`${text.slice(0, 60)} is not an IPv4 address`);
  return text;
}

/** RFC 5952 text form of an IPv6 address (lower case, longest zero run compressed); throws when it is not one. */
export function ipv6(text: string): string {
  const groups = ipv6Groups(text.trim().toLowerCase());
  if (groups === null) throw new RdataError(`${text.slice(0, 60)} is not an IPv6 address`);
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

function ipv6Groups(s: string): number[] | null {
  let head = s;
  const tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4?.[1]) {
    if (!V4.test(v4[1])) return null;
    const o = v4[1].split('.').map(Number);
    tail.push(((o[0] ?? 0) << 8) | (o[1] ?? 0), ((o[2] ?? 0) << 8) | (o[3] ?? 0));
    head = s.slice(0, -v4[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const parts = head.split('::');
  if (parts.length > 2) return null;
  const side = (p: string) => (p === '' ? [] : p.split(':'));
  const left = side(parts[0] ?? '');
  const right = parts.length === 2 ? side(parts[1] ?? '') : [];
  if (![...left, ...right].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const count = left.length + right.length + tail.length;
  if (parts.length === 1 ? count !== 8 : count > 7) return null;
  const nums = (a: string[]) => a.map((g) => parseInt(g, 16));
  return [...nums(left), ...Array<number>(8 - count).fill(0), ...nums(right), ...tail];
}
