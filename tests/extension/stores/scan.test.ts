import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useScanStore } from '@/stores/scan';
import type { Command } from '@/utils/messages';

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
});
