import type { UndoData } from '@dnsferry/shared';
import type { UndoArea, UndoRun } from '@/jobs/undo-keeper';

/** What a mirror run into example.com leaves to undo: one record created, one removed, one updated. */
export function undoData(zone = 'example.com', zoneCreated = false): UndoData {
  return {
    version: 1,
    zone,
    zoneId: `id-${zone}`,
    zoneCreated,
    created: [{ id: 'c1', record: { type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' } }],
    removed: [{ id: 'd1', record: { type: 'A', name: 'www', ttl: 1, content: '203.0.113.9', proxied: true } }],
    updated: [
      {
        id: 'u1',
        before: { type: 'A', name: 'mail', ttl: 1, content: '93.184.216.34', proxied: true },
        after: { type: 'A', name: 'mail', ttl: 300, content: '93.184.216.34' },
      },
    ],
  };
}

/** An undo area in memory, recording each save. */
export function memoryArea(initial: unknown = []): UndoArea & { saves: UndoRun[][] } {
  let value: unknown = structuredClone(initial);
  const saves: UndoRun[][] = [];
  return {
    saves,
    get: async () => structuredClone(value),
    set: async (runs) => {
      saves.push(structuredClone(runs));
      value = structuredClone(runs);
    },
  };
}
