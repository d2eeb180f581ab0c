import { tokenBytes } from '../rdata';
import type { RecordTypeSpec } from '../spec';
import { quoteTxt } from '../txt';

/** In a zone file every word is a character-string of its own, quoted or not (`foo bar` is two strings). */
export const TXT: RecordTypeSpec = {
  code: 16,
  parse(r) {
    const strings = r.rest('the TXT text').map((t) => tokenBytes(t.raw));
    return { content: quoteTxt(strings) };
  },
  read(w) {
    const strings: Uint8Array[] = [];
    while (!w.done) strings.push(w.charString());
    return { content: quoteTxt(strings) };
  },
};
