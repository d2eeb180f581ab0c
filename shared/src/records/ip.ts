import { RdataError } from './rdata';

const V4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function ipv4(text: string): string {
  if (!V4.test(text)) throw new RdataError(`${text.slice(0, 60)} is not an IPv4 address`);
  return text;
}

/** RFC 5952 text form of an IPv6 address (lower case, longest zero run compressed); throws when it is not one. */
export function ipv6(text: string): string {
  const s = text.trim().toLowerCase();
  // an address with an IPv4 tail takes the long way; every other is read in place, without arrays
  const groups = s.includes('.') ? ipv6Groups(s) : hexGroups(s);
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
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === best) {
      out += '::';
      i += bestLen - 1;
      continue;
    }
    if (i > 0 && i !== best + bestLen) out += ':';
    out += (groups[i] ?? 0).toString(16);
  }
  return out;
}

/**
 * The eight groups of an address of hex groups alone (`2001:db8::1`), read as `ipv6Groups` reads it
 * (at most one `::`, groups of one to four hex digits, eight of them or fewer around `::`); null
 * when it is not one.
 */
function hexGroups(s: string): number[] | null {
  const gap = s.indexOf('::');
  if (gap >= 0 && s.indexOf('::', gap + 2) >= 0) return null;
  const groups: number[] = [0, 0, 0, 0, 0, 0, 0, 0];
  if (gap < 0) return readSide(s, 0, s.length, groups, 0) === 8 ? groups : null;
  const left = readSide(s, 0, gap, groups, 0);
  if (left < 0) return null;
  const right: number[] = [];
  const count = readSide(s, gap + 2, s.length, right, 0);
  if (count < 0 || left + count > 7) return null;
  for (let i = 0; i < count; i++) groups[8 - count + i] = right[i] ?? 0;
  return groups;
}

/** The groups of s[from, to) separated by single colons into `out` from `at`: how many, or -1 (an empty or bad group). */
function readSide(s: string, from: number, to: number, out: number[], at: number): number {
  if (from === to) return 0;
  let n = 0;
  for (let i = from; ; i++) {
    let value = 0;
    let digits = 0;
    for (; i < to; i++) {
      const c = s.charCodeAt(i);
      const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c === 0x3a ? -1 : -2;
      if (d === -1) break;
      if (d === -2 || ++digits > 4) return -1;
      value = value * 16 + d;
    }
    if (digits === 0 || at + n >= 8) return -1;
    out[at + n++] = value;
    if (i >= to) return n;
  }
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
