import { beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MigrateEvent } from '@dnsferry/shared';
import { useConflictsStore } from '@/stores/conflicts';
import { useTargetStore } from '@/stores/target';
import { useMigrationStore } from '@/stores/migration';
import { useRequestStore } from '@/stores/request';
import { useReviewStore } from '@/stores/review';
import { useScanStore } from '@/stores/scan';
import { usePasteSourceStore } from '@/stores/paste-source';
import { useSourceStore } from '@/stores/source';
import { applyMigrateEvent, createMigrationJob } from '@/jobs/migrate-events';

const zone = 'example.com';
const ACCOUNT = 'a'.repeat(32);

/** A zone as the dashboard's onboarding left it, against a pasted zone: the three traps of issue 18. */
const conflicts = {
  www: {
    message: 'www A: the target also holds 203.0.113.9; after this run both answer — mirror mode replaces it',
    conflict: { name: 'www', type: 'A', source: ['192.0.2.1'], target: ['203.0.113.9'], after: ['203.0.113.9', '192.0.2.1'] },
  },
  mail: {
    message:
      'mail A: 93.184.216.34 is proxied at the target, DNS only in the source, and stays so — mirror mode sets it as the source says',
    conflict: { name: 'mail', type: 'A', source: ['93.184.216.34'], target: ['93.184.216.34'], after: ['93.184.216.34'] },
  },
  spf: {
    message: '@ TXT: the source\'s "v=spf1 include:new.example -all" is not added: a second SPF policy — mirror mode replaces it',
    conflict: {
      name: '@',
      type: 'TXT',
      source: ['"v=spf1 include:new.example -all"'],
      target: ['"v=spf1 include:old.example -all"'],
      after: ['"v=spf1 include:old.example -all"'],
      action: 'add' as const,
      bothRefused: '"v=spf1 include:new.example -all": it would be a second SPF record',
    },
  },
};

function manual() {
  const source = useSourceStore();
  source.kind = 'manual';
  const paste = usePasteSourceStore();
  paste.zone = zone;
  paste.text = ['www A 192.0.2.1', 'mail A 93.184.216.34', '@ TXT "v=spf1 include:new.example -all"', '@ MX 10 mail'].join('\n');
  const c = useTargetStore();
  c.token = 'tok';
  c.accounts = [{ id: ACCOUNT, name: 'Acme' }];
  c.accountId = ACCOUNT;
}

/** A finished dry run of the zone in `mode`, reporting `told` and what only the target holds. */
async function dryRun(told: Array<keyof typeof conflicts>, opts: { mode?: 'add' | 'mirror'; prune?: boolean; targetOnly?: number } = {}) {
  const job = createMigrationJob({
    id: `d-${Math.random()}`,
    dryRun: true,
    zones: [{ name: zone, expected: 4, mode: opts.mode ?? 'add', prune: opts.prune ?? false }],
    now: 0,
  });
  const events: MigrateEvent[] = told.map((k) => ({ type: 'info', zone, ...conflicts[k] }));
  if (opts.targetOnly) events.push({ type: 'info', zone, targetOnly: opts.targetOnly, message: `${opts.targetOnly} records …` });
  events.push({ type: 'zone-complete', zone, result: { created: 2, updated: 0, skipped: 1, failed: 1, removed: 0, nameServers: [] } });
  events.push({ type: 'done', results: [{ zone, created: 2, updated: 0, skipped: 1, failed: 1, removed: 0 }] });
  for (const e of events) applyMigrateEvent(job, e);
  useMigrationStore().job = job;
  await nextTick();
}

const sentZone = () => useRequestStore().buildRequest(false, useConflictsStore().zoneModes).request.zones[0]!;
const rowsOf = (name: string) => useReviewStore().zones[0]!.ordered.filter((r) => r.record.name === name);

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
});

describe('conflicts store', () => {
  it("shows each reported RRset, kept both ways by default: today's add mode, nothing removed", async () => {
    manual();
    const store = useConflictsStore();
    await dryRun(['www', 'mail', 'spf'], { targetOnly: 2 });
    const end = store.ends.get(zone)!;
    expect(end.conflicts.map((c) => [c.name, c.type, c.choice])).toEqual([
      ['www', 'A', 'keep-both'],
      ['mail', 'A', 'keep-both'],
      ['@', 'TXT', 'keep-both'],
    ]);
    // what answers after the run is what the dry run said
    expect(end.conflicts[0]?.answers).toEqual(['203.0.113.9', '192.0.2.1']);
    expect(end.conflicts[0]?.rows).toEqual(rowsOf('www').map((r) => r.key));
    expect([end.mirror, end.prune]).toEqual([false, null]);
    expect(sentZone()).not.toHaveProperty('mode');
    expect(sentZone()).not.toHaveProperty('rrsets');
    // keeping both SPF policies cannot be carried out: said so, and Migrate waits for another choice
    expect(end.conflicts[2]).toMatchObject({ choice: 'keep-both', refused: expect.stringMatching(/second SPF record/) });
    expect(end.conflicts[2]?.answers).toEqual(['"v=spf1 include:old.example -all"']);
    expect(store.blocked).toEqual([
      `${zone}: @ TXT cannot keep both (its row says why): choose "Keep the target's" or "Replace with the source's"`,
    ]);
    store.choose(zone, end.conflicts[2]!.key, 'keep-target');
    expect(store.blocked).toEqual([]);
  });

  it('mirror replaces every RRset kept both ways, and offers prune with the count the dry run gave', async () => {
    manual();
    const store = useConflictsStore();
    await dryRun(['www', 'mail', 'spf'], { targetOnly: 2 });
    store.setMirror(zone, true);
    let end = store.ends.get(zone)!;
    expect(end.conflicts.map((c) => c.choice)).toEqual(['replace', 'replace', 'replace']);
    expect(end.conflicts[0]?.answers).toEqual(['192.0.2.1']);
    expect(end.prune).toEqual({ on: false, count: 2 });
    expect(sentZone()).toMatchObject({ name: zone, mode: 'mirror' });
    expect(sentZone()).not.toHaveProperty('prune');

    store.setPrune(zone, true);
    store.setForce(zone, true);
    expect(sentZone()).toMatchObject({ mode: 'mirror', prune: true, force: true });
    // a dry run that prunes removes what only the target held: the count stays the one seen before
    await dryRun([], { mode: 'mirror', prune: true });
    end = store.ends.get(zone)!;
    expect(end.prune?.count).toBe(2);
    // …and mirror reports no conflict for what it replaces: the choices stay as they were
    expect(end.conflicts.map((c) => c.choice)).toEqual(['replace', 'replace', 'replace']);

    store.setMirror(zone, false);
    end = store.ends.get(zone)!;
    expect(end.conflicts.map((c) => c.choice)).toEqual(['keep-both', 'keep-both', 'keep-both']);
    expect(sentZone()).not.toHaveProperty('mode');
    expect(sentZone()).not.toHaveProperty('prune');
  });

  it("'keep the target's' deselects the source's records of the RRset and sends it as kept; mirror and prune go on for the others", async () => {
    manual();
    const store = useConflictsStore();
    const review = useReviewStore();
    await dryRun(['www', 'mail', 'spf'], { targetOnly: 2 });
    store.setMirror(zone, true);
    store.setPrune(zone, true);
    const www = store.ends.get(zone)!.conflicts[0]!;
    store.choose(zone, www.key, 'keep-target');
    expect(review.excluded.has(rowsOf('www')[0]!.key)).toBe(true);
    expect(review.selectedCount).toBe(3);
    const end = store.ends.get(zone)!;
    expect(end.conflicts[0]).toMatchObject({ choice: 'keep-target', answers: ['203.0.113.9'] });
    expect(end.mirror).toBe(true);
    // the kept RRset is listed as kept, so prune leaves it
    expect(end.prune).toEqual({ on: true, count: 2 });
    const sent = sentZone();
    expect(sent).toMatchObject({ mode: 'mirror', prune: true, rrsets: [{ name: 'www', type: 'A', action: 'keep' }] });
    expect(sent.records?.map((r) => r.name)).toEqual(['mail', '@', '@']);

    // an add-mode dry run does not report an RRset that is not sent: it stays listed, still kept
    await dryRun(['mail', 'spf']);
    expect(store.ends.get(zone)!.conflicts.map((c) => [c.name, c.choice])).toEqual([
      ['www', 'keep-target'],
      ['mail', 'replace'],
      ['@', 'replace'],
    ]);

    // choosing again selects the records again
    store.choose(zone, www.key, 'replace');
    expect(review.excluded.size).toBe(0);
  });

  it('a zone with both replace and keep both is sent in add mode with the replaced RRsets listed: each happens as shown', async () => {
    manual();
    const store = useConflictsStore();
    await dryRun(['www', 'mail', 'spf']);
    const [www, mail, spf] = store.ends.get(zone)!.conflicts;
    store.choose(zone, www!.key, 'replace');
    store.choose(zone, spf!.key, 'replace');
    let end = store.ends.get(zone)!;
    expect(end.mirror).toBe(false);
    expect(end.conflicts.map((c) => c.answers)).toEqual([['192.0.2.1'], ['93.184.216.34'], ['"v=spf1 include:new.example -all"']]);
    expect(store.blocked).toEqual([]);
    expect(sentZone()).not.toHaveProperty('mode');
    expect(sentZone().rrsets).toEqual([
      { name: 'www', type: 'A', action: 'replace' },
      { name: '@', type: 'TXT', action: 'replace' },
    ]);
    // the Switch step's check expects what is kept both ways as the run leaves it
    expect(store.checkModes).toEqual({ [zone]: { rrsets: [{ name: 'mail', type: 'A', action: 'add' }] } });
    // all replaced: the zone is mirrored, and the list holds only what the mode does not say
    store.choose(zone, mail!.key, 'replace');
    end = store.ends.get(zone)!;
    expect(end.mirror).toBe(true);
    expect(sentZone()).toMatchObject({ mode: 'mirror' });
    expect(sentZone()).not.toHaveProperty('rrsets');
    // a dry run of the mixed zone tells the listed RRsets with their action: the choices stay
    store.choose(zone, mail!.key, 'keep-both');
    await dryRun(['www', 'mail', 'spf']);
    expect(store.ends.get(zone)!.conflicts.map((c) => c.choice)).toEqual(['replace', 'keep-both', 'replace']);
  });

  it('an add-mode dry run replaces what was known; another account forgets it', async () => {
    manual();
    const store = useConflictsStore();
    await dryRun(['www', 'mail', 'spf']);
    await dryRun(['spf']);
    expect(store.ends.get(zone)!.conflicts.map((c) => c.name)).toEqual(['@']);
    useTargetStore().accountId = 'b'.repeat(32);
    await nextTick();
    expect(store.ends.get(zone)!.conflicts).toEqual([]);
  });

  it('keeps what a dry run said when the popup reopens and its account is restored after', async () => {
    const source = useSourceStore();
    source.kind = 'manual';
    const paste = usePasteSourceStore();
    paste.zone = zone;
    paste.text = 'www A 192.0.2.1';
    const store = useConflictsStore();
    await dryRun(['www']);
    // target.restore() fills the account in once the snapshot is there
    const c = useTargetStore();
    c.accounts = [{ id: ACCOUNT, name: 'Acme' }];
    c.accountId = ACCOUNT;
    await nextTick();
    expect(store.ends.get(zone)!.conflicts.map((x) => x.name)).toEqual(['www']);
  });

  it('does not offer prune for a scanned domain', async () => {
    useSourceStore().kind = 'scan';
    useScanStore().job = {
      id: 's',
      domain: zone,
      status: 'done',
      error: null,
      startedAt: 0,
      finishedAt: 1,
      lines: [],
      records: [{ type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' }],
      total: 1,
      subdomainsFound: [],
    };
    const store = useConflictsStore();
    await dryRun(['www'], { targetOnly: 5 });
    store.setMirror(zone, true);
    expect(store.ends.get(zone)).toMatchObject({ mirror: true, prune: null });
    store.setPrune(zone, true);
    expect(store.zoneModes).toEqual({ [zone]: { mode: 'mirror' } });
  });
});
