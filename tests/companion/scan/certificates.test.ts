import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { certificateNames, nameBelow, searchUrl, type CertificateOptions } from '@dnsferry/companion/scan/certificates';
import { upstreamFetch, NO_PROXY_SETTINGS } from '@dnsferry/companion/upstream/proxy';
import { startCtSimulator, type CtSimulator } from '@dnsferry/companion/sandbox/ct/index';

let sim: CtSimulator;
const fetchUpstream = upstreamFetch(NO_PROXY_SETTINGS);
beforeAll(async () => {
  sim = await startCtSimulator();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.reset());

const ask = (domain: string, extra: Partial<CertificateOptions> = {}) =>
  certificateNames(domain, { url: sim.url, fetch: fetchUpstream, signal: new AbortController().signal, retryBaseMs: 1, ...extra });

describe('certificateNames', () => {
  it('asks the crt.sh search for %.domain in JSON, and gives every name below the domain once', async () => {
    // www still resolves, old-shop was retired years ago: both come back, the scan resolves them
    sim.addCertificate({ names: ['example.com', 'www.example.com'] });
    sim.addCertificate({ names: ['old-shop.example.com'], notBefore: '2019-01-01T00:00:00' });
    const got = await ask('example.com');
    expect(sim.requests.map((r) => r.url)).toEqual(['/?q=%25.example.com&output=json']);
    expect(got).toEqual({ names: ['old-shop.example.com', 'www.example.com'], wildcards: [], entries: 4 });
  });

  it('keeps wildcards apart, as the name below the *.', async () => {
    sim.addCertificate({ names: ['*.example.com', 'example.com'], commonName: '*.example.com' });
    sim.addCertificate({ names: ['*.dev.example.com'] });
    sim.addCertificate({ names: ['api.dev.example.com'] });
    const got = await ask('example.com');
    expect(got.wildcards).toEqual(['dev.example.com', 'example.com']);
    // dev itself is certified only as a wildcard's parent; api below it by its own name
    expect(got.names).toEqual(['api.dev.example.com']);
  });

  it('collapses duplicates across entries: precertificates, renewals, case, trailing dots, the common name', async () => {
    sim.addCertificate({ names: ['www.example.com', 'mail.example.com'] });
    sim.addCertificate({ names: ['WWW.Example.COM'], notBefore: '2025-09-01T00:00:00' });
    sim.addCertificate({ names: ['www.example.com.', ' mail.example.com '], commonName: 'Mail.Example.com' });
    sim.addCertificate({ names: [], commonName: 'cn-only.example.com' });
    const got = await ask('example.com');
    expect(got.names).toEqual(['cn-only.example.com', 'mail.example.com', 'www.example.com']);
    expect(got.entries).toBe(8);
  });

  it('drops what is not a name below the domain; IDNs come back as A-labels', async () => {
    sim.addCertificate({
      names: ['example.com.evil.test', 'admin@example.com', 'a.*.example.com', 'bücher.example.com', '192.0.2.1', 'bad_-.example.com'],
      commonName: 'shop.example.com',
    });
    sim.addCertificate({ names: ['notexample.com', 'x.notexample.com'], commonName: 'other.example.com' });
    const got = await ask('example.com');
    expect(got.names).toEqual(['other.example.com', 'shop.example.com', 'xn--bcher-kva.example.com']);
    expect(got.wildcards).toEqual([]);
  });

  it('gives up on a search that does not answer within its deadline, in a sentence', async () => {
    sim.addCertificate({ names: ['www.example.com'] });
    sim.setFaults({ delayMs: Infinity });
    const got = await ask('example.com', { deadlineMs: 300 });
    expect(got).toEqual({
      names: [],
      wildcards: [],
      entries: 0,
      error: `The certificate-log search at ${new URL(sim.url).host} did not answer within 300 ms`,
    });
  });

  it('keeps the names of the part that arrived when the answer stalls past the deadline', async () => {
    for (let i = 0; i < 40; i++) sim.addCertificate({ names: [`host${String(i).padStart(2, '0')}.example.com`], precertificate: false });
    sim.setFaults({ stallMs: Infinity });
    const got = await ask('example.com', { deadlineMs: 2000 });
    // the first half of the answer holds about 20 complete entries, in order
    expect(got.names.length).toBeGreaterThan(10);
    expect(got.names.length).toBeLessThan(40);
    expect(got.names[0]).toBe('host00.example.com');
    expect(got.error).toBe(
      `The certificate-log search at ${new URL(sim.url).host} did not answer within 2 s; the ${got.names.length} names that arrived before are kept`,
    );
  });

  it('says which HTTP status the search answered; an overloaded one is asked once more', async () => {
    const host = new URL(sim.url).host;
    sim.addCertificate({ names: ['www.example.com'] });
    sim.setFaults({ status: { code: 500, count: 1 } });
    expect((await ask('example.com')).error).toBe(`The certificate-log search at ${host} answered HTTP 500`);
    expect(sim.requests).toHaveLength(1);

    sim.reset();
    sim.addCertificate({ names: ['www.example.com'] });
    sim.setFaults({ status: { code: 502, count: 1 } });
    expect(await ask('example.com')).toEqual({ names: ['www.example.com'], wildcards: [], entries: 2 });
    expect(sim.requests.map((r) => r.status)).toEqual([502, 200]);

    sim.reset();
    sim.setFaults({ status: { code: 503, count: 2 } });
    expect((await ask('example.com')).error).toBe(
      `The certificate-log search at ${host} answered HTTP 503 (it is often overloaded: try again later)`,
    );
    expect(sim.requests).toHaveLength(2);
  });

  it('does not wait for a Retry-After past its deadline', async () => {
    sim.setFaults({ status: { code: 429, count: 1, retryAfter: 3600 } });
    const got = await ask('example.com', { deadlineMs: 5000 });
    expect(got.error).toMatch(/answered HTTP 429 \(it is often overloaded/);
    expect(sim.requests).toHaveLength(1);
  });

  it('says so when the answer is not its JSON list, keeping complete entries of a cut-off one', async () => {
    const host = new URL(sim.url).host;
    sim.setFaults({ garbage: { text: '<html><body>Bad gateway</body></html>', count: 1 } });
    expect(await ask('example.com')).toEqual({
      names: [],
      wildcards: [],
      entries: 0,
      error: `The certificate-log search at ${host} did not answer with its list of certificates: it is not a JSON list of certificates (it begins "<html><body>Bad gateway</body></html>")`,
    });
    sim.setFaults({ garbage: { text: '[{"common_name":"a.example.com","name_value":"a.example.com"},{"common_name":"b.exa', count: 1 } });
    expect(await ask('example.com')).toEqual({
      names: ['a.example.com'],
      wildcards: [],
      entries: 1,
      error: `The certificate-log search at ${host} did not answer with its list of certificates: the answer ends before its list does`,
    });
    sim.setFaults({ garbage: { text: '[{"name_value": 42}]', count: 1 } });
    expect((await ask('example.com')).error).toMatch(/an entry is not a certificate/);
    sim.setFaults({ garbage: { text: '', count: 1 } });
    expect((await ask('example.com')).error).toMatch(/the answer is empty/);
  });

  it('keeps at most maxNames names, and reads at most maxBytes of answer', async () => {
    const host = new URL(sim.url).host;
    for (let i = 0; i < 30; i++) sim.addCertificate({ names: [`n${i}.example.com`], precertificate: false });
    const capped = await ask('example.com', { maxNames: 10 });
    expect(capped.names).toHaveLength(10);
    expect(capped.error).toBe(`The certificate-log search at ${host} knows more than 10 names; the first 10 are kept`);

    sim.setFaults({ repeat: 200 }); // 6,000 entries of about 300 bytes
    const big = await ask('example.com', { maxBytes: 64 * 1024 });
    expect(big.error).toBe(
      `The certificate-log search at ${host} answered more than 64 KB; the names of the first part (${big.names.length}) are kept`,
    );
    expect(big.names).toHaveLength(30);
    expect(big.entries).toBeLessThan(6000);
  });

  it('says the search could not be asked when nothing listens there', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const got = await certificateNames('example.com', {
      url: `http://127.0.0.1:${port}/`,
      fetch: fetchUpstream,
      signal: new AbortController().signal,
    });
    expect(got.names).toEqual([]);
    expect(got.error).toMatch(
      new RegExp(`^The certificate-log search could not be asked: cannot reach 127\\.0\\.0\\.1:${port}: connection refused`),
    );
  });

  it("rejects with the caller's reason when the caller aborts", async () => {
    sim.setFaults({ delayMs: Infinity });
    const ac = new AbortController();
    const pending = certificateNames('example.com', { url: sim.url, fetch: fetchUpstream, signal: ac.signal });
    await new Promise((resolve) => setTimeout(resolve, 50)); // asked, and waiting for the answer
    ac.abort(new Error('scan stopped'));
    await expect(pending).rejects.toThrow('scan stopped');
  });
});

describe('searchUrl and nameBelow', () => {
  it("builds crt.sh's query on the base URL, % sent as %25", () => {
    expect(searchUrl('https://crt.sh/', 'example.com').href).toBe('https://crt.sh/?q=%25.example.com&output=json');
    expect(searchUrl('https://crt.sh', 'example.com').href).toBe('https://crt.sh/?q=%25.example.com&output=json');
    expect(searchUrl('http://127.0.0.1:8080/ct', 'a.example').href).toBe('http://127.0.0.1:8080/ct?q=%25.a.example&output=json');
  });

  it('reads one name of a certificate against the domain', () => {
    expect(nameBelow('*.Dev.Example.com.', 'example.com')).toEqual({ name: 'dev.example.com', wildcard: true });
    expect(nameBelow('example.com', 'example.com')).toEqual({ name: 'example.com', wildcard: false });
    expect(nameBelow('*.*.example.com', 'example.com')).toBeNull();
    expect(nameBelow('xexample.com', 'example.com')).toBeNull();
  });
});
