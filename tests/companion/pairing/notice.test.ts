import { describe, expect, it } from 'vitest';
import type { CodeNotice } from '@dnsferry/companion/pairing/codes';
import { codesAfterListening, pairingCodeLines } from '@dnsferry/companion/pairing/notice';

const notice = (code: string, why: CodeNotice['why'] = 'start'): CodeNotice => ({ code, expiresAt: new Date('2030-01-01T12:34:00Z'), why });

describe('the pairing code on the terminal', () => {
  it('says the code, until when it is valid and how to get another, framed apart from the log lines', () => {
    expect(pairingCodeLines(notice('ABCD-EFGH'))).toBe(
      [
        '',
        '+------------------------------------------------------------------------+',
        '| dnsferry pairing code: ABCD-EFGH                                       |',
        "| Type it in the extension's popup; valid until 12:34 UTC, once.         |",
        '| Another code, for another browser: press Enter here (or send SIGUSR2). |',
        '+------------------------------------------------------------------------+',
        '',
        '',
      ].join('\n'),
    );
  });

  it('says why a new code replaced the last one', () => {
    expect(pairingCodeLines(notice('ABCD-EFGH', 'paired'))).toMatch(/\| The last code paired a browser; this one pairs the next\. +\|/);
    expect(pairingCodeLines(notice('ABCD-EFGH-JKMN-PQRS', 'guessed'))).toMatch(
      /Many wrong codes were tried .* so this +\|\n\| code is longer\./,
    );
  });

  it('fits an 80-column terminal, a long reason wrapped between words', () => {
    const lines = pairingCodeLines(notice('ABCD-EFGH-JKMN-PQRS', 'guessed')).split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    const framed = lines.filter((l) => l !== '');
    expect(new Set(framed.map((l) => l.length)).size).toBe(1);
    expect(framed).toContain('| Many wrong codes were tried (by another program on this computer?), so this |');
    expect(framed.some((l) => /^\| code is longer\. +\|$/.test(l))).toBe(true);
  });

  it('is held back until the companion listens on every address, then shown; later codes at once', () => {
    const shown: string[] = [];
    const codes = codesAfterListening((n) => shown.push(n.code));
    codes.onCode(notice('AAAA-AAAA'));
    codes.onCode(notice('BBBB-BBBB')); // replaced before it was ever shown
    expect(shown).toEqual([]);
    codes.listening();
    expect(shown).toEqual(['BBBB-BBBB']);
    codes.onCode(notice('CCCC-CCCC'));
    expect(shown).toEqual(['BBBB-BBBB', 'CCCC-CCCC']);
  });

  it('is never shown when the companion does not start', () => {
    const shown: string[] = [];
    const codes = codesAfterListening((n) => shown.push(n.code));
    codes.onCode(notice('AAAA-AAAA'));
    expect(shown).toEqual([]);
  });
});
