import { RdataError, tokenBytes } from '../rdata';
import type { RecordTypeSpec } from '../spec';
import { isPlainText, quoteBytes } from '../txt';

const decoder = new TextDecoder();

/** CAA (RFC 8659): `flags tag "value"`; any tag of 1–15 letters and digits (issue, issuewild, iodef, issuemail, issuevmc, …). */
export const CAA: RecordTypeSpec = {
  code: 257,
  parse(r) {
    const flags = r.int('the CAA flags', 255);
    const tag = caaTag(r.next('the CAA tag').raw);
    const raw = r.next('the CAA value').raw;
    // printable ASCII without `"` and `\` is its own quoted form: no bytes and back for the usual value
    const value = isPlainText(raw) ? `"${raw}"` : quoteBytes(tokenBytes(raw));
    r.end('CAA');
    return { content: `${flags} ${tag} ${value}` };
  },
  read(w) {
    const flags = w.u8();
    const tag = caaTag(decoder.decode(w.charString()));
    return { content: `${flags} ${tag} ${quoteBytes(w.rest())}` };
  },
};

function caaTag(tag: string): string {
  if (!/^[A-Za-z0-9]{1,15}$/.test(tag)) throw new RdataError(`"${tag.slice(0, 40)}" is not a CAA tag (letters and digits, e.g. issue)`);
  return tag.toLowerCase();
}
