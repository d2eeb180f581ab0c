import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useScanStore } from '@/stores/scan';
import type { Command } from '@/jobs/messages';

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
});

describe('scan store', () => {
  it('asks the background for a zone transfer first only when the box is ticked', () => {
    const sent: Command[] = [];
    const scan = useScanStore();
    scan.attach({ send: (cmd) => sent.push(cmd), onUpdate: () => () => undefined, close: () => undefined });
    expect(scan.start('example.com')).toBe(true);
    scan.transfer = true;
    expect(scan.start('example.com')).toBe(true);
    expect(sent.map((c) => c.type === 'scan:start' && c.transfer)).toEqual([undefined, true]);
  });

  it('scans deep unless the box is cleared, and asks for the names typed and those the tab showed', () => {
    const sent: Command[] = [];
    const scan = useScanStore();
    scan.attach({ send: (cmd) => sent.push(cmd), onUpdate: () => () => undefined, close: () => undefined });
    scan.tabUrls = ['https://shop.example.com/cart', 'https://cdn.example.com/a.js', 'https://example.com/', 'https://other.example/x'];
    scan.domain = 'example.com';
    expect(scan.fromTab).toEqual(['cdn', 'shop']);
    scan.extraNames = 'vpn-gw, s2048._domainkey\napi.eu.example.com.';
    expect(scan.start('example.com')).toBe(true);
    scan.deep = false;
    scan.extraNames = '';
    scan.tabUrls = [];
    expect(scan.start('example.com')).toBe(true);
    const starts = sent.filter((c) => c.type === 'scan:start');
    expect(starts.map((c) => [c.depth, c.names])).toEqual([
      ['deep', ['vpn-gw', 's2048._domainkey', 'api.eu', 'cdn', 'shop']],
      ['quick', undefined],
    ]);
  });

  it('refuses a typed name it cannot ask, naming it, and sends nothing', () => {
    const sent: Command[] = [];
    const scan = useScanStore();
    scan.attach({ send: (cmd) => sent.push(cmd), onUpdate: () => () => undefined, close: () => undefined });
    scan.extraNames = 'www www.other.example.';
    expect(scan.start('example.com')).toBe(false);
    expect(scan.inputError).toBe('Names you know: "www.other.example." is not inside example.com.');
    expect(sent).toEqual([]);
  });
});
