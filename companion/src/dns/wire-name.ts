/**
 * A domain name in a DNS message (RFC 1035 §4.1.4): labels, or a pointer to them elsewhere in the
 * message. Returns the name lower case without the trailing dot (`` for the root) and the offset
 * just after it where it was written.
 */
export function nameAt(msg: Buffer, offset: number): { name: string; next: number } {
  const labels: string[] = [];
  let pos = offset;
  let next = -1;
  for (let hops = 0; hops < 128; hops++) {
    const len = msg[pos];
    if (len === undefined) throw new RangeError('a name runs past the end of the message');
    if ((len & 0xc0) === 0xc0) {
      if (next < 0) next = pos + 2;
      pos = ((len & 0x3f) << 8) | (msg[pos + 1] ?? 0);
      continue;
    }
    if (len === 0) return { name: labels.join('.').toLowerCase(), next: next < 0 ? pos + 1 : next };
    labels.push(msg.toString('latin1', pos + 1, pos + 1 + len));
    pos += 1 + len;
  }
  throw new RangeError('a name in the message loops');
}
