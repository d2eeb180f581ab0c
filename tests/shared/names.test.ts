import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, ZoneNameSchema, toAsciiHostname } from '@dnsferry/shared';

/** Every C0 control, DEL and a C1 control, at the start, inside a label, between labels and at the end. */
const CONTROLS = [...Array(0x20).keys(), 0x7f, 0x85].map((c) => String.fromCharCode(c));
const PLACES = (c: string) => [`victim.com${c}.evil`, `vic${c}tim.com`, `${c}victim.com`, `victim.com${c}`, `victim.${c}com`];

describe('names with control characters', () => {
  it('toAsciiHostname refuses every one, wherever it is (`victim.com\\0.evil` is not victim.com.evil)', () => {
    expect(toAsciiHostname('victim.com.evil')).toBe('victim.com.evil');
    for (const c of CONTROLS) {
      for (const name of PLACES(c)) {
        // leading or trailing whitespace (tab, newline…) is trimmed as before; everything else is refused
        if (/^\s|\s$/.test(name) && name.trim() === name.replace(c, '')) continue;
        expect(toAsciiHostname(name), JSON.stringify(name)).toBeNull();
      }
    }
  });

  it('a zone name says which character is wrong', () => {
    const r = ZoneNameSchema.safeParse('victim.com\0.evil');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('the domain name contains a control character (U+0000); remove it');
    expect(ZoneNameSchema.safeParse('ex\u0085ample.com').error?.issues[0]?.message).toMatch(/U\+0085/);
    expect(ZoneNameSchema.parse(' Example.COM. ')).toBe('example.com');
  });

  it('record names and host-name contents are refused too, not silently shortened', () => {
    expect(DnsRecordSchema.safeParse({ type: 'A', name: 'www\0.evil', content: '192.0.2.1', ttl: 300 }).success).toBe(false);
    expect(DnsRecordSchema.safeParse({ type: 'CNAME', name: 'www', content: 'target.example\0.evil', ttl: 300 }).success).toBe(false);
    expect(DnsRecordSchema.safeParse({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 }).success).toBe(true);
  });
});
