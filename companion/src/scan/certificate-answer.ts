/**
 * A crt.sh answer read as it arrives: a JSON array of flat objects, handed out one object's text at
 * a time. A domain with many certificates answers tens of megabytes; read whole, the answer would be
 * held twice (text and parsed) and a cut-off one would give nothing. Read this way, memory stays at
 * one entry, and the entries before a cut (the size bound, the deadline) are still used.
 */

/** No crt.sh entry comes near this (a certificate names at most a few hundred names); more is not its answer. */
export const MAX_ENTRY_CHARS = 256 * 1024;

/** The answer is not crt.sh's JSON list; the message says what was seen instead. */
export class NotAnEntryList extends Error {}

type State = 'start' | 'between' | 'entry' | 'end';

/** Splits the text of a JSON array of objects into the objects' texts, chunk by chunk. */
export class EntrySplitter {
  private state: State = 'start';
  /** The current entry's text from earlier chunks. */
  private partial = '';
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The first characters of the answer, for the message when it is not a list. */
  private head = '';

  /** The entries completed by `chunk`, as JSON texts. */
  push(chunk: string): string[] {
    if (this.head.length < 60) this.head += chunk.slice(0, 60 - this.head.length);
    const out: string[] = [];
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.state === 'entry') {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (c === 0x5c) this.escaped = true;
          else if (c === 0x22) this.inString = false;
          continue;
        }
        if (c === 0x22) this.inString = true;
        else if (c === 0x7b || c === 0x5b) this.depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (--this.depth === 0) {
            out.push(this.partial + chunk.slice(from, i + 1));
            this.partial = '';
            this.state = 'between';
          }
        }
        continue;
      }
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
      if (this.state === 'start') {
        if (c !== 0x5b) throw this.notAList();
        this.state = 'between';
      } else if (this.state === 'between') {
        if (c === 0x2c) continue;
        if (c === 0x5d) this.state = 'end';
        else if (c === 0x7b) {
          this.state = 'entry';
          this.depth = 1;
          from = i;
        } else throw this.notAList();
      } else throw this.notAList();
    }
    if (this.state === 'entry') {
      this.partial += chunk.slice(from);
      if (this.partial.length > MAX_ENTRY_CHARS) throw new NotAnEntryList(`an entry is longer than ${MAX_ENTRY_CHARS} characters`);
    }
    return out;
  }

  /** At the end of the answer: throws when the list was not closed (a cut-off answer). */
  end(): void {
    if (this.state === 'start') throw new NotAnEntryList('the answer is empty');
    if (this.state !== 'end') throw new NotAnEntryList('the answer ends before its list does');
  }

  private notAList(): NotAnEntryList {
    const seen = this.head.replace(/\s+/g, ' ').trim();
    return new NotAnEntryList(`it is not a JSON list of certificates (it begins "${seen.slice(0, 40)}")`);
  }
}
