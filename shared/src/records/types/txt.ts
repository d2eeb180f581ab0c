import { tokenBytes } from '../rdata';
import type { RecordTypeSpec } from '../spec';
import { quoteTxt } from '../txt';

const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** In a zone file every word is a character-string of its own, quoted or not (`foo bar` is two strings). */
export const TXT: RecordTypeSpec = {
  code: 16,
  parse(r) {
    const tokens = r.rest('the TXT text');
    // Printable ASCII without quote or backslash, at most 255 characters: written back as it is.
    if (tokens.every((t) => t.raw.length <= 255 && PLAIN.test(t.raw))) return { content: tokens.map((t) => `"${t.raw}"`).join(' ') };
    return { content: quoteTxt(tokens.map((t) => tokenBytes(t.raw))) };
  },
  read(w) {
    const strings: Uint8Array[] = [];
    while (!w.done) strings.push(w.charString());
    return { content: quoteTxt(strings) };
  },
};
