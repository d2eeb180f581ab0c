import { tokenBytes, type Token } from '../rdata';
import type { RecordTypeSpec } from '../spec';
import { isPlainText, quoteTxt } from '../txt';

/**
 * Whether `text` is exactly these quoted tokens one blank apart (`"a" "b"`): then it is the content
 * itself, and a TXT of many strings is not copied string by string (20,000 `""` on a line are).
 */
function quotedOneBlankApart(text: string | undefined, tokens: readonly Token[]): boolean {
  if (text === undefined) return false;
  let at = 0;
  for (const [k, t] of tokens.entries()) {
    if (!t.quoted) return false;
    if (k > 0 && text.charCodeAt(at++) !== 0x20) return false;
    if (text.charCodeAt(at) !== 0x22) return false;
    at += t.raw.length + 2;
    if (text.charCodeAt(at - 1) !== 0x22) return false;
  }
  return at === text.length;
}

/** In a zone file every word is a character-string of its own, quoted or not (`foo bar` is two strings). */
export const TXT: RecordTypeSpec = {
  code: 16,
  parse(r) {
    const tokens = r.rest('the TXT text');
    // Printable ASCII without quote or backslash, at most 255 characters: written back as it is.
    if (tokens.every((t) => t.raw.length <= 255 && isPlainText(t.raw)))
      return { content: quotedOneBlankApart(r.text, tokens) ? (r.text as string) : tokens.map((t) => `"${t.raw}"`).join(' ') };
    return { content: quoteTxt(tokens.map((t) => tokenBytes(t.raw))) };
  },
  read(w) {
    const strings: Uint8Array[] = [];
    while (!w.done) strings.push(w.charString());
    return { content: quoteTxt(strings) };
  },
};
