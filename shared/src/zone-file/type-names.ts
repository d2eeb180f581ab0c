import { typeMnemonic } from '../records/presentation';

/**
 * A type token (any case, mnemonic or RFC 3597 `TYPEnn`) → upper-case mnemonic, as BIND reads it
 * (`TYPE257` is CAA); null when the token cannot be a type. Whether dnsferry carries the type is the
 * registry's answer, not the reader's.
 */
export function typeName(token: string): string | null {
  const m = /^TYPE(\d{1,5})$/i.exec(token);
  if (m) return Number(m[1]) > 65535 ? null : typeMnemonic(`TYPE${Number(m[1])}`);
  const upper = token.toUpperCase();
  return /^[A-Z][A-Z0-9-]*$/.test(upper) ? upper : null;
}
