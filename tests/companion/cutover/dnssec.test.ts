import { describe, expect, it } from 'vitest';
import { dnssecVerdict } from '@dnsferry/companion/cutover/dnssec';

const DS = '2371 13 2 1F987CC6583E92DF0890718C4200000000000000000000000000000000000000';
const TARGET_DS = '16953 13 2 48E939042E82C22542CB377B580DFDC52A361CEFDC72E7F9107E2B6BD9306A45';

describe('dnssecVerdict', () => {
  it('is no blocker without a DS at the parent, and tells what to add when the target signs', () => {
    expect(dnssecVerdict('z1', { ok: true, value: [], ttl: null }, { status: 'disabled', ds: null })).toEqual({
      dsAtParent: [],
      blocker: false,
      message: 'No DS record at the parent, so DNSSEC does not stand in the way of the switch.',
    });
    expect(dnssecVerdict('z1', { ok: true, value: [], ttl: null }, { status: 'pending', ds: TARGET_DS }).message).toBe(
      `No DS record at the parent, so DNSSEC does not stand in the way. DNSSEC is on at the target: after the switch, add this DS at your registrar to sign the domain: ${TARGET_DS}.`,
    );
  });

  it('blocks on a DS the target does not sign with, naming both ways out and the TTL', () => {
    const v = dnssecVerdict('z1', { ok: true, value: [DS], ttl: 86400 }, { status: 'disabled', ds: null });
    expect(v.blocker).toBe(true);
    expect(v.dsAtParent).toEqual([DS]);
    expect(v.message).toContain('remove the DS at your registrar and wait for its TTL (86400 s) to pass');
    expect(v.message).toContain('turn on DNSSEC at the target (PATCH /zones/z1/dnssec with {"status":"active"}');
  });

  it('blocks while the target is active with another key, showing its DS', () => {
    const v = dnssecVerdict('z1', { ok: true, value: [DS], ttl: 3600 }, { status: 'active', ds: TARGET_DS });
    expect(v.blocker).toBe(true);
    expect(v.message).toContain(`replace the DS at your registrar with the one the target gives: ${TARGET_DS}.`);
  });

  it('blocks on a matching DS while the target is only pending, and clears once it is active', () => {
    expect(dnssecVerdict('z1', { ok: true, value: [TARGET_DS], ttl: 3600 }, { status: 'pending', ds: TARGET_DS }).blocker).toBe(true);
    const ok = dnssecVerdict('z1', { ok: true, value: [DS, TARGET_DS], ttl: 3600 }, { status: 'active', ds: TARGET_DS });
    expect(ok.blocker).toBe(false);
    expect(ok.dsAtParent).toEqual([DS, TARGET_DS]);
  });

  it('blocks when the resolver cannot tell, and says why', () => {
    expect(dnssecVerdict('z1', { ok: false, reason: 'no answer within 3000 ms' }, { status: 'active', ds: TARGET_DS })).toEqual({
      dsAtParent: [],
      blocker: true,
      message: 'Could not find out whether the parent holds a DS record (no answer within 3000 ms); check again before switching.',
    });
  });

  it("still blocks on a DS when the target's DNSSEC could not be read, and says so", () => {
    const v = dnssecVerdict('z1', { ok: true, value: [DS], ttl: 3600 }, { error: 'Cloudflare 10000: Authentication error' });
    expect(v.blocker).toBe(true);
    expect(v.message).toContain("(the target's DNSSEC could not be read: Cloudflare 10000: Authentication error)");
  });
});
