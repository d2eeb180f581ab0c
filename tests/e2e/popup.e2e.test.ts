import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TargetType } from 'puppeteer-core';
import { EXTENSION_ID } from '@dnsferry/shared';
import { ensureExtensionBuilt, launchWithExtension, screenshot, type ExtensionBrowser } from './support/browser';
import { startCompanionStack, type CompanionStack } from './support/companion-stack';
import { getLocalStorage, pairExtension, PopupPage, setCompanionUrl, setLocalStorage } from './support/popup-page';

let ext: ExtensionBrowser;
let stack: CompanionStack;
let site: Server;
let sitePort = 0;

/** A web page standing in for the user's site; Chromium resolves its host names to loopback. */
function startSite(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Shop</title><h1>Welcome to ${req.headers.host ?? ''}</h1>`);
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(async () => {
  ensureExtensionBuilt();
  stack = await startCompanionStack({ cloudflareLatencyMs: 15, config: { batchSize: 10 } });
  site = await startSite();
  sitePort = (site.address() as AddressInfo).port;
  ext = await launchWithExtension({ hostMap: ['*.dnsferry.test', 'dnsferry.test'] });
  await setCompanionUrl(ext, stack.url);
});

const PAIRINGS = 'dnsferry:pairings';
/** Every flow but the first needs a paired browser; the pairing test makes it, this makes sure of it. */
async function ensurePaired(): Promise<void> {
  const pairings = (await getLocalStorage(ext, PAIRINGS)) as Record<string, unknown> | undefined;
  if (pairings?.[stack.url]) return;
  await pairExtension(ext, stack.pairingCode);
}

// On failure, keep a picture of every extension page for the artifacts.
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail' || !ext) return;
  const targets = ext.browser.targets().filter((t) => t.url().startsWith('chrome-extension://') && t.type() !== TargetType.SERVICE_WORKER);
  const pageOf = (t: (typeof targets)[number]) =>
    Promise.race([t.asPage().catch(() => null), new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
  const pages = (await Promise.all(targets.map(pageOf))).filter((p) => p !== null);
  for (const [i, p] of pages.entries()) {
    const shot = screenshot(p, `failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}-${i}`).catch(() => undefined);
    await Promise.race([shot, new Promise((r) => setTimeout(r, 3000))]);
  }
});

afterAll(async () => {
  await ext?.close();
  await stack?.close();
  site?.close();
});

describe('the built extension in Chromium', () => {
  it('has the fixed id the companion allows', () => {
    expect(ext.extensionId).toBe(EXTENSION_ID);
  });

  it('asks for the code the companion printed, refuses a wrong one, pairs, and then shows the steps', async () => {
    const popup = await PopupPage.openAsTab(ext);
    try {
      await popup.waitFor('pairing');
      // not "connected" before the companion has proved anything
      expect(await popup.attr('companion-state', 'data-state')).toBe('unpaired');
      expect(await popup.text('companion-state')).toBe('Companion not paired');
      expect(await popup.exists('step-source')).toBe(false);
      await screenshot(popup.page, '00-pairing');
      const wrong = stack.pairingCode().startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA';
      await popup.type('pairing-code', wrong);
      await popup.click('pair-submit');
      await popup.waitFor('pairing-error');
      expect(await popup.text('pairing-error')).toMatch(/not the pairing code this companion shows/);
      await popup.pair(stack.pairingCode);
      expect(await popup.text('companion-state')).toBe('Companion connected');
      await popup.waitFor('step-source');
      const pairings = (await getLocalStorage(ext, PAIRINGS)) as Record<string, { key: string }>;
      expect(pairings[stack.url]?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await popup.page.close();
    }
  });

  it('says "this is not your dnsferry companion" to a server on its address, and sends it nothing', async () => {
    await ensurePaired();
    // something else answers where the paired companion was: it echoes a proof it cannot compute
    const seen: string[] = [];
    const impostor = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push(`${req.url} ${body}`);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: true, companionId: 'x', proof: 'A'.repeat(43), accounts: [], token: { status: 'active' } }));
      });
    });
    await new Promise<void>((r) => impostor.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
    const pairings = (await getLocalStorage(ext, PAIRINGS)) as Record<string, unknown>;
    await setLocalStorage(ext, { [PAIRINGS]: { ...pairings, [url]: pairings[stack.url] } });
    await setCompanionUrl(ext, url);
    const popup = await PopupPage.openAsTab(ext);
    try {
      await popup.waitFor('impostor');
      expect(await popup.text('impostor')).toMatch(/^This is not your dnsferry companion .* No token or secret was sent to it/);
      expect(await popup.attr('companion-state', 'data-state')).toBe('impostor');
      expect(await popup.exists('cf-token')).toBe(false);
      await screenshot(popup.page, '00-impostor');
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((line) => line.startsWith('/api/pair/proof '))).toBe(true);
    } finally {
      await popup.page.close();
      await setCompanionUrl(ext, stack.url);
      impostor.close();
    }
  });

  it('answers a 403 to the proof with the same panel, and forgets the key only after the warning', async () => {
    await ensurePaired();
    // a server on the address of the paired companion that refuses the proof, in the companion's own words
    const seen: string[] = [];
    const impostor = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push(`${req.url} ${body}`);
        res
          .writeHead(403, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: false, error: { code: 'forbidden', message: 'this companion was updated: pair again' } }));
      });
    });
    await new Promise<void>((r) => impostor.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
    const pairings = (await getLocalStorage(ext, PAIRINGS)) as Record<string, unknown>;
    await setLocalStorage(ext, { [PAIRINGS]: { ...pairings, [url]: pairings[stack.url] } });
    await setCompanionUrl(ext, url);
    const popup = await PopupPage.openAsTab(ext);
    const keyFor = async () => ((await getLocalStorage(ext, PAIRINGS)) as Record<string, unknown>)[url];
    try {
      await popup.waitFor('impostor');
      expect(await popup.text('impostor')).toContain(
        `Something answers at ${url}, but it refused to prove it is the companion this browser paired with (it answered 403). No token or secret was sent to it, and none will be.`,
      );
      expect(await popup.text('impostor')).not.toContain('updated');
      expect(await popup.text('companion-state')).toBe('Not your companion');

      await popup.click('pair-again');
      await popup.waitFor('pair-again-warning');
      expect(await popup.text('pair-again-warning')).toContain(`The program answering at ${url} may not be yours.`);
      await screenshot(popup.page, '00-impostor-pair-again');
      expect(await keyFor()).toBeDefined();

      await popup.click('pair-again-confirm');
      await popup.waitFor('pairing');
      expect(await popup.text('companion-state')).toBe('Companion not paired');
      expect(await keyFor()).toBeUndefined();
      expect(seen.every((line) => line.startsWith('/api/pair/proof '))).toBe(true);
    } finally {
      await popup.page.close();
      await setCompanionUrl(ext, stack.url);
      impostor.close();
    }
  });

  it('says when the companion is not running, with the commands that start it', async () => {
    // a port where nothing listens
    const dead = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    await setCompanionUrl(ext, `http://127.0.0.1:${dead}`);
    const popup = await PopupPage.openAsTab(ext);
    try {
      await popup.waitFor('companion-down');
      expect(await popup.text('companion-url')).toBe(`http://127.0.0.1:${dead}`);
      expect(await popup.text('cmd-sandbox')).toBe('pnpm start');
      expect(await popup.text('cmd-real')).toBe('pnpm companion');
      await screenshot(popup.page, '01-companion-down');
    } finally {
      await popup.page.close();
      await setCompanionUrl(ext, stack.url);
    }
  });

  it("follows the system's colours until a theme is picked with the header button", async () => {
    const popup = await PopupPage.openAsTab(ext);
    const page = popup.page;
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const system = (value: 'light' | 'dark') => page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value }]);
    // the palette's two backgrounds, #ffffff and #15181d
    const LIGHT = 'rgb(255, 255, 255)';
    const DARK = 'rgb(21, 24, 29)';
    try {
      await popup.waitFor('theme');
      expect(await popup.attr('theme', 'title')).toBe('Theme: system');
      await system('light');
      expect(await background()).toBe(LIGHT);
      await system('dark');
      expect(await background()).toBe(DARK);
      await popup.click('theme');
      await popup.waitAttr('theme', 'title', ['Theme: light']);
      expect(await background()).toBe(LIGHT); // light picked, though the system is dark
      await system('light');
      await popup.click('theme');
      await popup.waitAttr('theme', 'title', ['Theme: dark']);
      expect(await background()).toBe(DARK); // dark picked, though the system is light
      await popup.click('theme');
      await popup.waitAttr('theme', 'title', ['Theme: system']);
      expect(await background()).toBe(LIGHT);
    } finally {
      await popup.page.close();
    }
  });

  it('scans the current tab’s domain, reviews, dry-runs, migrates, and shows the name servers', async () => {
    await ensurePaired();
    if (!stack.doh) throw new Error(`the test DNS server did not start: ${stack.dohError}`);
    const page = await ext.browser.newPage();
    await page.goto(`http://shop.dnsferry.test:${sitePort}/products`);
    const popup = await PopupPage.openFromToolbar(ext, page);
    // within the popup limits, and the whole app fits without the page itself scrolling
    const [w, h, scrollH] = await popup.page.evaluate(() => [innerWidth, innerHeight, document.documentElement.scrollHeight]);
    expect(w).toBeLessThanOrEqual(800);
    expect(h).toBeLessThanOrEqual(600);
    expect(scrollH).toBeLessThanOrEqual(h!);
    expect(await popup.text('scan-proposed')).toBe('dnsferry.test');
    expect(await popup.attr('companion-state', 'data-state')).toBe('up');
    await screenshot(popup.page, '02-scan-proposed');

    await popup.click('scan-start');
    expect(await popup.waitAttr('scan-status', 'data-status', ['done', 'failed', 'interrupted'], 90_000)).toBe('done');
    const status = await popup.text('scan-status');
    const found = Number(/Found (\d+) record/.exec(status)?.[1]);
    expect(found).toBeGreaterThan(10);
    await screenshot(popup.page, '03-scan-done');

    await popup.click('source-next');
    await popup.validateTarget(stack.seed.token);
    expect(await popup.exists('cf-ok')).toBe(true);
    // two accounts: the user chooses
    await popup.select('cf-account', stack.seed.accountId);
    await screenshot(popup.page, '04-target');
    await popup.click('target-next');

    expect(await popup.reviewRows()).toHaveLength(found);
    await popup.click('dry-run');
    await popup.page.waitForFunction(
      () => !document.body.textContent?.includes('planning…') && document.querySelector('[data-testid="dry-summary"] .tag') !== null,
      { timeout: 60_000 },
    );
    await popup.page.waitForFunction(
      (s) => !document.querySelector(s)?.textContent?.includes('Planning'),
      { timeout: 60_000 },
      popup.$('dry-run'),
    );
    const dry = await popup.text('dry-summary');
    const toCreate = Number(/(\d+) to create/.exec(dry)?.[1]);
    expect(toCreate).toBeGreaterThan(0);
    // nothing was written by the dry run
    expect(stack.cloudflare.zoneByName('dnsferry.test')).toBeUndefined();
    await screenshot(popup.page, '05-review-dry-run');

    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    await popup.waitFor('name-servers');
    const zone = stack.cloudflare.zoneByName('dnsferry.test');
    expect(zone).toBeDefined();
    expect(await popup.texts('ns-server')).toEqual(zone!.nameServers);
    const totals = await popup.totals();
    expect(totals.created).toBe(toCreate);
    expect(totals.created + totals.skipped + totals.failed).toBe(found);
    expect(stack.cloudflare.records(zone!.id).length).toBeGreaterThanOrEqual(totals.created);
    await screenshot(popup.page, '06-migration-done');
    await popup.page.close();
    await page.close();
  });
});

describe('Azure, manual records, and a closed popup', () => {
  beforeAll(ensurePaired);
  it('reads Azure zones, migrates two of them, and shows name servers for each', async () => {
    const sp = stack.azureDemo.servicePrincipal;
    const staging = stack.azureDemo.subscriptions.find((s) => s.displayName.startsWith('Staging'))!;
    const popup = await PopupPage.openAsTab(ext);
    await popup.startOver();
    await popup.connectAzure(sp, staging.subscriptionId);
    await popup.waitFor('az-zone-bulk-example.org');
    await popup.click('az-zone-bulk-example.org');
    await popup.click('az-zone-staging-example.org');
    expect(await popup.text('az-selected')).toMatch(/^2 of 2 chosen/);
    await screenshot(popup.page, '07-azure-zones');

    // the token from the first flow is still there for this browser session
    await popup.throughTarget(stack.seed.token, stack.seed.accountId);
    await popup.waitFor('review-zone-bulk-example.org');
    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    await popup.waitFor('name-servers');

    let created = 0;
    for (const name of ['bulk-example.org', 'staging-example.org']) {
      const zone = stack.cloudflare.zoneByName(name);
      expect(zone, name).toBeDefined();
      const shown = await popup.texts(`ns-${name}`);
      for (const ns of zone!.nameServers) expect(shown[0]).toContain(ns);
      const row = `zone-progress-${name}`;
      expect(await popup.attr(row, 'data-state')).toBe('complete');
      const zoneCreated = Number(await popup.page.$eval(`[data-testid="${row}"] [data-testid="zone-created"]`, (e) => e.textContent));
      // what the popup counted is what landed at Cloudflare (apex NS and SOA are Cloudflare's own)
      const landed = stack.cloudflare.records(zone!.id).filter((r) => !(r.type === 'NS' && r.name === name) && r.type !== 'SOA').length;
      expect(zoneCreated).toBe(landed);
      created += zoneCreated;
    }
    expect(created).toBe(152);
    expect((await popup.totals()).created).toBe(created);
    await new Promise((r) => setTimeout(r, 300));
    await screenshot(popup.page, '08-azure-done');
    await popup.click('migration-restart');
    await popup.page.close();
  });

  it('reviews an Azure zone record by record after a dry run, and leaves out what was deselected', async () => {
    const sp = stack.azureDemo.servicePrincipal;
    const prod = stack.azureDemo.subscriptions.find((s) => s.displayName.startsWith('Production'))!;
    const popup = await PopupPage.openAsTab(ext);
    await popup.startOver();
    await popup.connectAzure(sp, prod.subscriptionId);
    await popup.waitFor('az-zone-example.com');
    await popup.click('az-zone-example.com');
    await popup.throughTarget(stack.seed.token, stack.seed.accountId);
    await popup.waitFor('review-azure-unread');

    await popup.click('dry-run');
    await popup.waitFor('review-azure-read-example.com', 60_000);
    const shown = await popup.reviewRows();
    // the alias to a public IP was resolved to its address; the one with no address is pointed out
    expect(shown).toEqual(
      expect.arrayContaining([
        'A @ 203.0.113.10',
        'A mail 192.0.2.25',
        'MX @ 10 mail.example.com',
        'SRV _sip._tcp 10 60 5060 sip.example.com',
      ]),
    );
    expect(await popup.text('review-problems-example.com')).toMatch(/spare/);
    await screenshot(popup.page, '08b-azure-review');

    await popup.reviewRows('A mail 192.0.2.25');
    await popup.page.click('[data-testid="review-record"][aria-label="A mail 192.0.2.25"]');
    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    const zone = stack.cloudflare.zoneByName('example.com')!;
    const landed = stack.cloudflare.records(zone.id).filter((r) => !(r.type === 'NS' && r.name === 'example.com') && r.type !== 'SOA');
    const names = landed.map((r) => `${String(r.type)} ${String(r.name)}`);
    expect(names).not.toContain('A mail.example.com');
    expect(names).toEqual(expect.arrayContaining(['A example.com', 'MX example.com', 'A origin.example.com', 'SRV _sip._tcp.example.com']));
    // every row left selected landed, apart from the apex NS and SOA that Cloudflare keeps
    const selectable = shown.filter((l) => !l.startsWith('SOA ') && !l.startsWith('NS @ '));
    expect(landed).toHaveLength(selectable.length - 1);
    expect((await popup.totals()).created).toBe(landed.length);
    await popup.click('migration-restart');
    await popup.page.close();
  });

  it('migrates pasted records, pointing out the line it cannot read', async () => {
    const popup = await PopupPage.openAsTab(ext);
    await popup.startOver();
    await popup.pasteZoneFile(
      'pasted-example.com',
      [
        '$TTL 600',
        '@      IN A     192.0.2.10',
        'www    IN CNAME @',
        '@      IN MX    10 mail',
        'mail   IN A     192.0.2.25',
        'oops   IN A     300.1.1.1',
        '@      IN TXT   "v=spf1 mx -all"',
      ].join('\n'),
    );
    expect(await popup.text('manual-count')).toBe('5 valid records');
    expect(await popup.texts('manual-issue')).toEqual([expect.stringMatching(/^line 6 oops IN A 300\.1\.1\.1 — .*IPv4/)]);
    await screenshot(popup.page, '09-manual-paste');
    await popup.throughTarget(stack.seed.token, stack.seed.accountId);
    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    expect(await popup.totals()).toEqual({ created: 5, skipped: 0, failed: 0 });
    const zone = stack.cloudflare.zoneByName('pasted-example.com')!;
    const contents = stack.cloudflare.records(zone.id).map((r) => `${String(r.type)} ${String(r.name)} ${String(r.content)}`);
    expect(contents).toEqual(
      expect.arrayContaining([
        'A pasted-example.com 192.0.2.10',
        'CNAME www.pasted-example.com pasted-example.com',
        'A mail.pasted-example.com 192.0.2.25',
      ]),
    );
    await popup.click('migration-restart');
    await popup.page.close();
  });

  it('migrates a records table copied from a dashboard, saying how it read it', async () => {
    const popup = await PopupPage.openAsTab(ext);
    await popup.startOver();
    // Namecheap's Advanced DNS as a browser copies it: a title, a tab-separated header, a redirect row
    await popup.pasteZoneFile(
      'table-example.com',
      [
        'HOST RECORDS',
        'Type\tHost\tValue\tTTL',
        'A Record\t@\t192.0.2.30\tAutomatic',
        'CNAME Record\twww\ttable-example.com.\t30 min',
        'TXT Record\t@\tv=spf1 include:spf.privateemail.com ~all\tAutomatic',
        'URL Redirect Record\tshop\thttp://shop.example.net/\tunmasked',
      ].join('\n'),
    );
    expect(await popup.text('manual-read-as')).toMatch(
      /^Read as a records table copied from a DNS host: columns type, name, value, TTL, separated by tabs/,
    );
    expect(await popup.text('manual-count')).toBe('3 valid records');
    expect(await popup.texts('manual-issue')).toEqual([expect.stringMatching(/^row 4 \(line 6\) URL Redirect Record.* — .*web redirect/)]);
    await popup.throughTarget(stack.seed.token, stack.seed.accountId);
    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    expect(await popup.totals()).toEqual({ created: 3, skipped: 0, failed: 0 });
    const zone = stack.cloudflare.zoneByName('table-example.com')!;
    const contents = stack.cloudflare
      .records(zone.id)
      .map((r) => `${String(r.type)} ${String(r.name)} ${String(r.content)} ${String(r.ttl)}`);
    expect(contents).toEqual(
      expect.arrayContaining(['A table-example.com 192.0.2.30 1', 'CNAME www.table-example.com table-example.com 1800']),
    );
    await popup.click('migration-restart');
    await popup.page.close();
  });

  it('keeps migrating when the popup closes, and shows the finished result when it reopens', async () => {
    const N = 1000;
    const text = Array.from({ length: N }, (_, i) => `host${i} 300 IN A 198.51.100.${i % 250}`).join('\n');
    const popup = await PopupPage.openAsTab(ext);
    await popup.startOver();
    await popup.pasteZoneFile('closing-example.com', text);
    expect(await popup.text('manual-count')).toBe(`${N} valid records`);
    await popup.throughTarget(stack.seed.token, stack.seed.accountId);
    // the zone and two batches land, the rest wait at Cloudflare: the popup closes in the middle, however fast the run
    const release = stack.cloudflare.holdWrites(3);
    try {
      await popup.click('migrate');
      await popup.waitFirstCreated();
      expect(await popup.attr('migration', 'data-status')).toBe('running');
      await screenshot(popup.page, '10-migration-running');
      const createdWhenClosed = (await popup.totals()).created;
      expect(createdWhenClosed).toBeGreaterThan(0);
      expect(createdWhenClosed).toBeLessThan(N);
      await popup.page.close();
    } finally {
      release();
    }

    // the background goes on: the records keep landing at Cloudflare with no popup open
    const zone = stack.cloudflare.zoneByName('closing-example.com')!;
    const deadline = Date.now() + 60_000;
    while (stack.cloudflare.records(zone.id).filter((r) => r.type === 'A').length < N && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(stack.cloudflare.records(zone.id).filter((r) => r.type === 'A')).toHaveLength(N);

    const again = await PopupPage.openAsTab(ext);
    await again.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    expect(await again.waitMigrationEnd()).toBe('done');
    expect(await again.totals()).toEqual({ created: N, skipped: 0, failed: 0 });
    await again.waitFor('name-servers');
    expect(await again.texts('ns-server')).toEqual(zone.nameServers);
    // the log was kept too: one line per record, and it is filterable
    await again.click('log-filter-record');
    expect(await again.attr('log-rows', 'data-count')).toBe(String(N));
    await new Promise((r) => setTimeout(r, 300));
    await screenshot(again.page, '11-reopened-dark');
    await again.page.close();
  });
});

describe('a background the browser stops', () => {
  it('says the migration was cut off, and Run again finishes it with every record once', async () => {
    // a browser of its own whose service worker puppeteer does not hold
    const own = await launchWithExtension({ detachedWorker: true });
    try {
      await setCompanionUrl(own, stack.url);
      // the same extension id, so the same key: this browser is paired as the main one is
      await ensurePaired();
      await setLocalStorage(own, { [PAIRINGS]: await getLocalStorage(ext, PAIRINGS) });
      const N = 1000;
      const text = Array.from({ length: N }, (_, i) => `h${i} 300 IN A 198.51.100.${i % 250}`).join('\n');
      const popup = await PopupPage.openAsTab(own);
      await popup.startOver();
      await popup.pasteZoneFile('stopped-example.com', text);
      await popup.throughTarget(stack.seed.token, stack.seed.accountId);
      // the zone and two batches land, the rest wait at Cloudflare: the worker stops in the middle of the run
      const release = stack.cloudflare.holdWrites(3);
      try {
        await popup.click('migrate');
        await popup.waitFirstCreated();

        // Chrome stops an extension's service worker when it decides to; its stream to the companion dies with it
        const cdp = await popup.page.createCDPSession();
        await cdp.send('ServiceWorker.enable');
        await cdp.send('ServiceWorker.stopAllWorkers');
        await cdp.detach();

        // the popup finds the restarted background, which says what happened instead of showing a run that never ends
        expect(await popup.waitMigrationEnd(30_000)).toBe('interrupted');
      } finally {
        release();
      }
      expect(await popup.text('migration-error')).toMatch(/restarted .* more may have landed. Running it again is safe/);
      const zone = stack.cloudflare.zoneByName('stopped-example.com')!;
      const landed = () => stack.cloudflare.records(zone.id).filter((r) => r.type === 'A');
      // a batch already in flight when the stream died may still land: wait until the count holds
      let before = landed().length;
      for (let settled = 0; settled < 3;) {
        await new Promise((r) => setTimeout(r, 150));
        const now = landed().length;
        settled = now === before ? settled + 1 : 0;
        before = now;
      }
      expect(before).toBeLessThan(N);
      await screenshot(popup.page, '13-worker-stopped');

      await popup.click('migration-again');
      // the cut-off run's `interrupted` is still shown until the new run takes its place
      await popup.waitAttr('migration', 'data-status', ['running', 'done', 'failed', 'cancelled'], 30_000);
      expect(await popup.waitMigrationEnd()).toBe('done');
      expect(await popup.totals()).toEqual({ created: N - before, skipped: before, failed: 0 });
      const names = landed().map((r) => String(r.name));
      expect(names).toHaveLength(N);
      expect(new Set(names).size).toBe(N);
      await popup.page.close();
    } finally {
      await own.close();
    }
  });
});

describe('target token errors', () => {
  it('explains a token Cloudflare does not accept', async () => {
    await ensurePaired();
    const popup = await PopupPage.openAsTab(ext);
    await popup.startOver();
    await popup.click('step-target');
    await popup.validateTarget(stack.seed.expiredToken);
    expect(await popup.text('cf-error')).toMatch(/invalid or has expired/);
    expect(await popup.exists('cf-account')).toBe(false);
    await screenshot(popup.page, '12-token-refused');
    await popup.page.close();
  });
});
