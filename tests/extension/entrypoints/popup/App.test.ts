import { describe, expect, it, vi } from 'vitest';
import { companionFetch, errorBody, json, lines, ndjson, refused } from '../../support/fetch';
import { ACCOUNT, NS, openPopup, openTab, until, usePopup } from '../../support/popup';

usePopup();

describe('popup', () => {
  it('says when the companion is not running, and how to start it', async () => {
    await openTab('https://www.example.com/');
    const { w } = openPopup(refused);
    await until(() => expect(w.find('[data-testid=companion-down]').exists()).toBe(true));
    expect(w.get('[data-testid=companion-url]').text()).toBe('http://127.0.0.1:8787');
    expect(w.get('[data-testid=cmd-sandbox]').text()).toBe('pnpm start');
    expect(w.get('[data-testid=cmd-real]').text()).toBe('pnpm companion');
    expect(w.get('[data-testid=companion-state]').attributes('data-state')).toBe('down');

    // the user starts it and checks again
    vi.stubGlobal(
      'fetch',
      companionFetch({ '/api/target/validate': () => errorBody(400, 'invalid_request', 'targetToken: expected', 'targetToken') }),
    );
    await w.get('[data-testid=retry]').trigger('click');
    await until(() => expect(w.get('[data-testid=companion-state]').attributes('data-state')).toBe('up'));
    expect(w.find('[data-testid=companion-down]').exists()).toBe(false);
    expect(w.find('[data-testid=step-source]').exists()).toBe(true);
  });

  it('scans the current tab’s domain, migrates it, shows the name servers, and checks the switch', async () => {
    await openTab('https://shop.example.co.uk/basket');
    const migrateBodies: unknown[] = [];
    const checkBodies: unknown[] = [];
    const fetch = companionFetch({
      '/api/cutover/check': (body) => {
        checkBodies.push(body);
        const zone = 'example.co.uk';
        const switched = checkBodies.length > 1;
        return ndjson(
          lines([
            { type: 'status', zone, message: `Checking ${zone}` },
            {
              type: 'zone-report',
              zone,
              ready: true,
              nameServers: NS,
              targetStatus: switched ? 'active' : 'pending',
              delegation: { current: switched ? NS : ['ns1.oldhost.example'], switched },
              dnssec: { dsAtParent: [], blocker: false, message: 'No DS at the parent.' },
              parity: { checked: 2, matching: 2, mismatches: [] },
              message: switched ? 'Done: all 2 records answer the same.' : 'Ready to switch: all 2 records answer the same.',
            },
            { type: 'done', results: [{ zone, ready: true }] },
          ]),
        );
      },
      '/api/target/validate': (body) =>
        (body as { targetToken?: string }).targetToken
          ? json(200, { success: true, accounts: [ACCOUNT], token: { status: 'active' } })
          : errorBody(400, 'invalid_request', 'targetToken: expected the target API token', 'targetToken'),
      '/api/dns/scan': () =>
        ndjson(
          lines([
            { type: 'progress', message: 'Querying apex records' },
            { type: 'info', message: 'Found 2 apex records' },
            {
              type: 'done',
              records: [
                { type: 'A', name: '@', ttl: 300, content: '192.0.2.1' },
                { type: 'MX', name: '@', ttl: 300, content: 'mail.example.co.uk', priority: 10 },
                { type: 'CNAME', name: 'www', ttl: 300, content: 'example.co.uk' },
              ],
              total: 3,
              subdomainsFound: ['www'],
            },
          ]),
        ),
      '/api/migrate': (body) => {
        migrateBodies.push(body);
        const zone = 'example.co.uk';
        return ndjson(
          lines([
            { type: 'status', zone, message: 'Migrating example.co.uk' },
            { type: 'success', zone, message: 'Zone created at the target', zoneId: 'z' },
            { type: 'record', zone, message: '[1/2] A @ → 192.0.2.1', index: 1, total: 2 },
            { type: 'record', zone, message: '[2/2] MX @ → 10 mail.example.co.uk', index: 2, total: 2 },
            { type: 'zone-complete', zone, result: { created: 2, updated: 0, skipped: 0, failed: 0, removed: 0, nameServers: NS } },
            { type: 'done', results: [{ zone, created: 2, updated: 0, skipped: 0, failed: 0, removed: 0 }] },
          ]),
        );
      },
    });
    const { w } = openPopup(fetch);
    await until(() => expect(w.get('[data-testid=companion-state]').attributes('data-state')).toBe('up'));
    // the public suffix list is loaded on first use, after the popup is up
    await until(() => expect(w.get('[data-testid=scan-proposed]').text()).toBe('example.co.uk'));
    expect(w.get('[data-testid=scan-start]').text()).toBe('Scan example.co.uk');

    await w.get('[data-testid=scan-start]').trigger('submit');
    await until(() => expect(w.get('[data-testid=scan-status]').attributes('data-status')).toBe('done'));
    expect(w.get('[data-testid=scan-status]').text()).toContain('Found 3 records on example.co.uk (1 subdomain)');
    expect(w.findAll('[data-testid=scan-lines] li').map((l) => l.text())).toEqual(['Querying apex records', 'Found 2 apex records']);

    await w.get('[data-testid=source-next]').trigger('click');
    await w.get('[data-testid=cf-token]').setValue('my-token');
    await w.get('[data-testid=cf-validate]').trigger('submit');
    await until(() => expect(w.find('[data-testid=cf-account-single]').exists()).toBe(true));
    await w.get('[data-testid=target-next]').trigger('click');

    // review: deselect the CNAME
    const boxes = w.findAll('[data-testid=review-record]');
    expect(boxes).toHaveLength(3);
    await w.get('[data-testid="review-group-example.co.uk-CNAME"]').setValue(false);
    expect(w.get('[data-testid=migrate]').text()).toBe('Migrate 2 records');
    await w.get('[data-testid=migrate]').trigger('click');

    await until(() => expect(w.find('[data-testid=name-servers]').exists()).toBe(true));
    expect(w.findAll('[data-testid=ns-server]').map((n) => n.text())).toEqual(NS);
    expect(w.get('[data-testid=total-created]').text()).toBe('2');
    expect(w.get('[data-testid=migration-headline]').text()).toBe('Migration finished');
    expect(migrateBodies[0]).toMatchObject({
      targetToken: 'my-token',
      targetAccountId: ACCOUNT.id,
      dryRun: false,
      zones: [{ name: 'example.co.uk', records: [{ type: 'A' }, { type: 'MX' }] }],
    });

    // step 5: the check gets the migration's body; "Check again" asks for activation
    await w.get('[data-testid=to-switch]').trigger('click');
    await until(() => expect(w.get('[data-testid=cutover]').attributes('data-status')).toBe('done'));
    expect(checkBodies[0]).toEqual({ ...(migrateBodies[0] as object), requestActivation: false });
    expect(w.get('[data-testid=cutover-verdict]').text()).toBe('Ready to switch');
    expect(w.get('[data-testid=step-switch]').text()).toContain('ready');
    await w.get('[data-testid=cutover-again]').trigger('click');
    await until(() => expect(w.get('[data-testid=cutover-target-status]').text()).toBe('active'));
    expect(checkBodies[1]).toMatchObject({ requestActivation: true, zones: [{ name: 'example.co.uk' }] });
  });
});
