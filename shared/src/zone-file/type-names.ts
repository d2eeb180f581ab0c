import { typeMnemonic } from '../records/presentation';
import { RECORD_TYPES } from '../records/registry';

/** The registry's types as written in upper case, each mapped to the registry's own string. */
const REGISTRY_NAMES: ReadonlyMap<string, string> = new Map(RECORD_TYPES.map((t) => [t, t]));

/**
 * A type token (any case, mnemonic or RFC 3597 `TYPEnn`) → upper-case mnemonic, as BIND reads it
 * (`TYPE257` is CAA); null when the token cannot be a type. Whether dnsferry carries the type is the
 * registry's answer, not the reader's.
 */
export function typeName(token: string): string | null {
  // a type the registry spells this way (nearly every line): its one string, not a copy per line
  const known = REGISTRY_NAMES.get(token);
  if (known !== undefined) return known;
  const m = /^TYPE(\d{1,5})$/i.exec(token);
  if (m) return Number(m[1]) > 65535 ? null : typeMnemonic(`TYPE${Number(m[1])}`);
  const upper = token.toUpperCase();
  return /^[A-Z][A-Z0-9-]*$/.test(upper) ? upper : null;
}
