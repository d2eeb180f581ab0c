import type { RdataReader } from './rdata';
import type { WireReader } from './wire-reader';

/** A record's value in canonical form: `content` in presentation form, plus the fields MX and SRV keep apart. */
export interface RecordValue {
  content: string;
  priority?: number;
  weight?: number;
  port?: number;
}

/**
 * Everything the contract knows about one record type. Each type is one file in `types/`; the
 * registry (`registry.ts`) is a `Record<RecordType, RecordTypeSpec>`, so a missing type does not compile.
 */
export interface RecordTypeSpec {
  /** The RR type number (wire form, RFC 3597 `TYPEnn`). */
  code: number;
  /** Presentation RDATA (a zone file's, or `content`) → canonical value. Throws RdataError with a sentence. */
  parse(r: RdataReader): RecordValue;
  /** Wire RDATA (`\#` in a zone file, a DNS answer) → canonical value. */
  read(w: WireReader): RecordValue;
}
