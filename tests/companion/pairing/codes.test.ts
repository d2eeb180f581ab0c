import { describe, expect, it } from 'vitest';
import { PairingCodeSchema } from '@dnsferry/shared';
import { createCodeKeeper, type CodeNotice } from '@dnsferry/companion/pairing/codes';

function keeper() {
  let t = 1_000_000;
  const shown: CodeNotice[] = [];
  const k = createCodeKeeper({ onCode: (n) => shown.push(n), now: () => t });
  const plain = () => (shown.at(-1)?.code ?? '').replace('-', '');
  return { k, shown, plain, advance: (ms: number) => (t += ms) };
}

describe('pairing codes', () => {
  it('expires after 10 minutes; the late try shows a new code', () => {
    const { k, shown, plain, advance } = keeper();
    k.issue();
    const code = plain();
    expect(shown[0]?.expiresAt.getTime()).toBe(1_000_000 + 600_000);
    advance(600_000);
    expect(k.check((c) => c === code)).toEqual({ ok: false, reason: 'expired' });
    expect(shown).toHaveLength(2);
    expect(k.check((c) => c === plain())).toEqual({ ok: true, code: plain() });
  });

  it('unlocks again when the 10-minute window of wrong tries has passed', () => {
    const { k, plain, advance } = keeper();
    k.issue();
    for (let i = 0; i < 20; i++) k.check(() => false);
    const locked = k.check((c) => c === plain());
    expect(locked).toMatchObject({ ok: false, reason: 'locked' });
    advance(600_000);
    expect(k.check((c) => c === plain())).toMatchObject({ ok: false, reason: 'expired' });
    expect(k.check((c) => c === plain())).toMatchObject({ ok: true });
  });

  it('makes codes of 8 characters from an alphabet without look-alikes, all different', () => {
    const { k, shown } = keeper();
    for (let i = 0; i < 200; i++) k.issue();
    const codes = new Set(shown.map((s) => s.code));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('reads a code the way people type it', () => {
    expect(PairingCodeSchema.parse(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(PairingCodeSchema.parse('o1l0 2345')).toBe('01102345');
    expect(PairingCodeSchema.safeParse('ABCD-EFG').success).toBe(false);
    expect(PairingCodeSchema.safeParse('ABCD-EFGU').success).toBe(false);
  });
});
