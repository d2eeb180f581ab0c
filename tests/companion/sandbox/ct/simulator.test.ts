import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedCtDemo, startCtSimulator, type CtSimulator } from '@dnsferry/companion/sandbox/ct/index';

// The simulator against crt.sh's wire shape (discovery reference §3.1): `?q=%25.<domain>&output=json`
// answers a JSON array of entries with these fields, names in `name_value` one a line; the HTML page
// otherwise; each certificate logged as precertificate and certificate.
const FIELDS = [
  'issuer_ca_id',
  'issuer_name',
  'common_name',
  'name_value',
  'id',
  'entry_timestamp',
  'not_before',
  'not_after',
  'serial_number',
  'result_count',
];

let sim: CtSimulator;
beforeAll(async () => {
  sim = await startCtSimulator();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.reset());

const search = (q: string, output = 'json') => fetch(`${sim.url}?q=${encodeURIComponent(q)}&output=${output}`);

describe('the crt.sh simulator', () => {
  it("answers crt.sh's JSON entries for a %.domain search, each certificate twice", async () => {
    sim.addCertificate({ names: ['example.com', 'www.example.com'] });
    sim.addCertificate({ names: ['other.example'] });
    const res = await search('%.example.com');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as Array<Record<string, unknown>>;
    expect(body).toHaveLength(2);
    for (const entry of body) {
      expect(Object.keys(entry)).toEqual(FIELDS);
      expect(entry.name_value).toBe('example.com\nwww.example.com');
      expect(entry.common_name).toBe('example.com');
      expect(entry.result_count).toBe(2);
    }
    expect(new Set(body.map((e) => e.id)).size).toBe(2);
    expect(sim.requests).toEqual([{ url: '/?q=%25.example.com&output=json', q: '%.example.com', status: 200 }]);
  });

  it('matches as SQL LIKE does: % needs the dot, no case, _ is one character', async () => {
    sim.addCertificate({ names: ['example.com'], precertificate: false });
    sim.addCertificate({ names: ['API.Example.com'], precertificate: false });
    sim.addCertificate({ names: ['notexample.com'], precertificate: false });
    const names = async (q: string) => ((await (await search(q)).json()) as Array<{ name_value: string }>).map((e) => e.name_value);
    expect(await names('%.example.com')).toEqual(['API.Example.com']);
    expect(await names('%example.com')).toEqual(['example.com', 'API.Example.com', 'notexample.com']);
    expect(await names('ap_.example.com')).toEqual(['API.Example.com']);
    expect(await names('%.nothing.example')).toEqual([]);
  });

  it('answers an HTML page without output=json, as crt.sh does', async () => {
    const res = await search('%.example.com', 'html');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/^<!DOCTYPE HTML/);
  });

  it('answers the next requests with an error status and its HTML page, then normally', async () => {
    sim.setFaults({ status: { code: 502, count: 1 } });
    const first = await search('%.example.com');
    expect(first.status).toBe(502);
    expect(await first.text()).toMatch(/<HTML>/);
    expect((await search('%.example.com')).status).toBe(200);
    sim.setFaults({ status: { code: 429, count: 1, retryAfter: 3 } });
    const limited = await search('%.example.com');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
  });

  it('answers garbage when told, then normally', async () => {
    sim.setFaults({ garbage: { text: '[{"id": 1, "name_value": "a.exa', count: 1 } });
    expect(await (await search('%.example.com')).text()).toBe('[{"id": 1, "name_value": "a.exa');
    expect(await (await search('%.example.com')).json()).toEqual([]);
  });

  it('repeats the entries for a huge answer, with new ids', async () => {
    sim.addCertificate({ names: ['www.example.com'] });
    sim.setFaults({ repeat: 500 });
    const body = (await (await search('%.example.com')).json()) as Array<{ id: number; result_count: number }>;
    expect(body).toHaveLength(1000);
    expect(new Set(body.map((e) => e.id)).size).toBe(1000);
    expect(body[0]?.result_count).toBe(1000);
  });

  it('holds an answer back when slow, and stops half-way when stalling, until the client leaves', async () => {
    sim.addCertificate({ names: ['www.example.com'] });
    sim.setFaults({ delayMs: Infinity });
    const slow = new AbortController();
    const asked = fetch(`${sim.url}?q=x&output=json`, { signal: slow.signal }).then(
      () => 'answered',
      () => 'aborted',
    );
    // never answered: still pending after a while, then let go
    expect(await Promise.race([asked, new Promise((resolve) => setTimeout(() => resolve('pending'), 200))])).toBe('pending');
    slow.abort();
    expect(await asked).toBe('aborted');

    sim.setFaults({ delayMs: 0, stallMs: Infinity });
    const stalled = new AbortController();
    const res = await fetch(`${sim.url}?q=%25.example.com&output=json`, { signal: stalled.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    const text = new TextDecoder().decode(first.value);
    expect(text.startsWith('[{')).toBe(true);
    expect(() => JSON.parse(text) as unknown).toThrow();
    stalled.abort();
    await expect(reader.read()).rejects.toThrow();
  });

  it('seeds the demo with the names the demo zone holds, one retired and a wildcard', async () => {
    const { certificates } = seedCtDemo(sim, 'demo-shop.example');
    const body = (await (await search('%.demo-shop.example')).json()) as Array<{ name_value: string }>;
    expect(body).toHaveLength(certificates * 2);
    const names = new Set(body.flatMap((e) => e.name_value.split('\n')));
    expect(names).toContain('status-eu2.demo-shop.example');
    expect(names).toContain('old-shop.demo-shop.example');
    expect(names).toContain('*.demo-shop.example');
  });
});
