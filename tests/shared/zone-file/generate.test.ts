import { describe, expect, it } from 'vitest';
import { expandTemplate, parseRange } from '../../../shared/src/zone-file/generate';
import { parseZoneFile } from '@dnsferry/shared';

describe('$GENERATE templates (BIND genname)', () => {
  it.each([
    ['host-$', 7, 'host-7'],
    ['t${1,3,x}', 1, 't002'],
    ['t${0,2,X}', 255, 'tFF'],
    ['t${0,4,o}', 8, 't0010'],
    ['t${-10,4}', 12, 't0002'],
    ['t${5}', 1, 't6'],
    ['t${-2,3,d}', 1, 't-01'],
    ['${0,3,n}.rev', 0x12, '2.1.rev'],
    ['${0,3,N}', 0xab, 'B.A'],
    // width counts nibbles and dots, so an even width ends in a dot: an absolute name, as in BIND
    ['${0,4,n}', 0, '0.0.'],
    ['cost-$$-$', 3, 'cost-$-3'],
    ['\\$x$', 3, '\\$x3'],
  ])('%s with %d → %s', (template, it, text) => {
    expect(expandTemplate(template, it)).toEqual({ text });
  });

  it("says when a modifier is not BIND's", () => {
    expect(expandTemplate('a${1,2,q}', 1)).toEqual({
      error: '"a${1,2,q}": a $GENERATE modifier is written ${offset[,width[,base]]} (base d, o, x, X, n or N)',
    });
  });

  it('reads ranges with an optional step', () => {
    expect([parseRange('1-10'), parseRange('0-255/4'), parseRange('5-1'), parseRange('1-x'), parseRange('1-5/0')]).toEqual([
      { start: 1, stop: 10, step: 1 },
      { start: 0, stop: 255, step: 4 },
      'the $GENERATE range 5-1 ends before it starts',
      '"1-x" is not a $GENERATE range (start-stop or start-stop/step)',
      'a $GENERATE step is at least 1',
    ]);
  });
});

describe('a reader with a limit', () => {
  it('stops at the limit, $GENERATE counted as it produces, and says at which line', () => {
    const text = '$ORIGIN example.com.\n$TTL 300\n@ A 192.0.2.1\n$GENERATE 1-100000 h$ A 192.0.2.1\n';
    const parsed = parseZoneFile(text, 'example.com', { limit: 1000 });
    expect(parsed.records).toHaveLength(1000);
    expect(parsed.stoppedAt).toBe(4);
  });

  it('counts issues against the limit too: $GENERATE lines past the generated maximum stop it', () => {
    const text = `$TTL 300\n${'$GENERATE 1-65535 h$ A 192.0.2.1\n'.repeat(2000)}`;
    const parsed = parseZoneFile(text, 'example.com', { limit: 100_010 });
    expect(parsed.records).toHaveLength(100_000);
    expect(parsed.issues).toHaveLength(10);
    expect(parsed.issues[0]?.message).toMatch(/\$GENERATE stops at 100000 records per file/);
    expect(parsed.stoppedAt).toBeDefined();
  });

  it('a file of exactly the limit is read whole', () => {
    const text = Array.from({ length: 50 }, (_, i) => `h${i} 300 A 192.0.2.1`).join('\n');
    const parsed = parseZoneFile(text, 'example.com', { limit: 50 });
    expect(parsed.records).toHaveLength(50);
    expect(parsed.stoppedAt).toBeUndefined();
    expect(parseZoneFile(text, 'example.com', { limit: 49 }).stoppedAt).toBe(50);
  });
});
