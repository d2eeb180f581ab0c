import { describe, expect, it } from 'vitest';
import { PairingCodeSchema } from '@dnsferry/shared';
import { createCodeKeeper, type CodeNotice } from '@dnsferry/companion/pairing/codes';

function keeper() {
  let t = 1_000_000;
  const shown: CodeNotice[] = [];
  const k = createCodeKeeper({ onCode: (n) => shown.push(n), now: () => t });
  const plain = () => (shown.at(-1)?.code ?? '').replace(/-/g, '');
  return { k, shown, plain, advance: (ms: number) => (t += ms) };
}

describe('pairing codes', () => {
  it('expires after 10 minutes; the late try shows a new code, which is live', () => {
    const { k, shown, plain, advance } = keeper();
    k.issue('start');
    const first = k.live();
    expect(first?.code).toBe(plain());
    expect(shown[0]?.expiresAt.getTime()).toBe(1_000_000 + 600_000);
    advance(600_000);
    expect(k.isLive(first!.serial)).toBe(false);
    expect(k.live()).toBeNull();
    expect(shown).toHaveLength(2);
    expect(shown[1]?.why).toBe('expired');
    expect(k.live()?.code).toBe(plain());
  });

  it('never locks: past 20 wrong tries in the window the code is replaced once by a 16-character one, which more wrong tries leave live', () => {
    const { k, shown, plain } = keeper();
    k.issue('start');
    const short = k.live()!;
    for (let i = 0; i < 19; i++) expect(k.wrong(short.serial)).toBe('wrong');
    expect(k.isLive(short.serial)).toBe(true);
    expect(k.wrong(short.serial)).toBe('lengthened');
    expect(shown.at(-1)).toMatchObject({ why: 'guessed' });
    const long = k.live()!;
    expect(long.code).toHaveLength(16);
    expect(shown.at(-1)?.code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4}$/);
    for (let i = 0; i < 1000; i++) expect(k.wrong(long.serial)).toBe('wrong');
    expect(k.isLive(long.serial)).toBe(true);
    expect(shown).toHaveLength(2);
    expect(plain()).toBe(long.code);
  });

  it('goes back to short codes once the window of wrong tries has passed', () => {
    const { k, advance } = keeper();
    k.issue('start');
    for (let i = 0; i < 20; i++) k.wrong(k.live()!.serial);
    expect(k.issue('asked').code).toHaveLength(19); // still flooded: long (16 and 3 dashes)
    advance(600_000);
    expect(k.issue('asked').code).toHaveLength(9);
  });

  it('is spent once used, and the next code is shown at once; using a stale code changes nothing', () => {
    const { k, shown } = keeper();
    k.issue('start');
    const first = k.live()!;
    k.used(first.serial);
    expect(shown).toHaveLength(2);
    expect(shown[1]?.why).toBe('paired');
    expect(k.isLive(first.serial)).toBe(false);
    k.used(first.serial);
    expect(shown).toHaveLength(2);
  });

  it('makes codes of 8 characters from an alphabet without look-alikes, all different', () => {
    const { k, shown } = keeper();
    for (let i = 0; i < 200; i++) k.issue('asked');
    const codes = new Set(shown.map((s) => s.code));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('reads a code the way people type it', () => {
    expect(PairingCodeSchema.parse(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(PairingCodeSchema.parse('o1l0 2345')).toBe('01102345');
    expect(PairingCodeSchema.safeParse('ABCD-EFG').success).toBe(false);
    expect(PairingCodeSchema.safeParse('ABCD-EFGU').success).toBe(false);
    expect(PairingCodeSchema.parse('abcd-efgh-jkmn-pqrs')).toBe('ABCDEFGHJKMNPQRS');
    expect(PairingCodeSchema.safeParse('ABCD-EFGH-JKMN').success).toBe(false);
  });
});
