import { describe, expect, it } from 'vitest';
import * as cpace from '@dnsferry/shared/cpace';

/**
 * The CPace draft's test vectors for ristretto255 + SHA-512 (draft-irtf-cfrg-cpace, appendix "Test
 * vector for CPace using group ristretto255 and hash SHA-512"), run against the one implementation
 * the companion and the extension both import.
 */
const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));
const le = (s: string) => BigInt(`0x${Buffer.from(hex(s)).reverse().toString('hex')}`);
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');

const VECTORS = {
  prs: new Uint8Array(Buffer.from('Password')),
  ci: hex('0b415f696e69746961746f720b425f726573706f6e646572'),
  sid: hex('7e4b4791d6a8ef019b936c79fb7f2c57'),
  g: '222b6b195fe84b1652badb6f6a3ae3d24341e7306967f0b8115b40d5698c7e56',
  ya: le('da3d23700a9e5699258aef94dc060dfda5ebb61f02a5ea77fad53f4ff0976d08'),
  Ya: 'd6bac480f2c386c394efc7c47adb9925dcd2630b64f240c50f8d0eec482b9157',
  yb: le('d2316b454718c35362d83d69df6320f38578ed5984651435e2949762d900b80d'),
  Yb: '3ea7e0b19560d7c0b0f5734f63b955286dfa8232b5ebe63324e2d9e7433f7258',
  K: '80b69a8a76457ab6a4d7f887a4bf6b55a2f80ac19c333f917a05fc9887c8b40f',
  ISK: 'b69effbf61b51d56401c0f65601abe428de8206feaaf0e32198896dcae7b35cd2b38950a39dfd5d4a79164614c2984f7daa460b588c1e80c3fa2068af7900447',
  invalid: ['2b3c6b8c4f3800e7aef6864025b4ed79bd599117e427c41bd47d93d654b4a51c', '00'.repeat(32)],
};

describe("CPace against the draft's ristretto255 + SHA-512 vectors", () => {
  it('encodes lengths and concatenations as the draft does', () => {
    expect(toHex(cpace.prependLen(new Uint8Array(0)))).toBe('00');
    expect(toHex(cpace.prependLen(Uint8Array.from({ length: 128 }, (_, i) => i))).slice(0, 6)).toBe('800100');
    expect(
      toHex(
        cpace.lvCat(
          new Uint8Array(Buffer.from('1234')),
          new Uint8Array(Buffer.from('5')),
          new Uint8Array(0),
          new Uint8Array(Buffer.from('678')),
        ),
      ),
    ).toBe('043132333401350003363738');
  });

  it('derives the generator, both shares, K and ISK of the vectors', () => {
    const g = cpace.calculateGenerator(VECTORS.prs, VECTORS.ci, VECTORS.sid);
    expect(toHex(g.toBytes())).toBe(VECTORS.g);
    const ya = cpace.scalarMult(VECTORS.ya, g);
    const yb = cpace.scalarMult(VECTORS.yb, g);
    expect(toHex(ya)).toBe(VECTORS.Ya);
    expect(toHex(yb)).toBe(VECTORS.Yb);
    const k = cpace.scalarMultVfy(VECTORS.ya, yb);
    expect(toHex(k!)).toBe(VECTORS.K);
    expect(toHex(cpace.scalarMultVfy(VECTORS.yb, ya)!)).toBe(VECTORS.K);
    const isk = cpace.deriveIsk(VECTORS.sid, k!, ya, new Uint8Array(Buffer.from('ADa')), yb, new Uint8Array(Buffer.from('ADb')));
    expect(toHex(isk)).toBe(VECTORS.ISK);
  });

  it("aborts on the draft's invalid shares: a non-canonical encoding and the identity", () => {
    for (const bad of VECTORS.invalid) expect(cpace.scalarMultVfy(VECTORS.ya, hex(bad))).toBeNull();
  });

  it('samples scalars that differ and are never 0', () => {
    const seen = new Set(Array.from({ length: 50 }, () => cpace.sampleScalar()));
    expect(seen.size).toBe(50);
    expect(seen.has(0n)).toBe(false);
  });
});
