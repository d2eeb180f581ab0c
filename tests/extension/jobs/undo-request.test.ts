import { describe, expect, it } from 'vitest';
import { undoRequest } from '@/jobs/undo';
import { undoData } from '../support/undo';

const ACCOUNT = 'a'.repeat(32);

describe('undoRequest', () => {
  it('sends each kept zone back to the account the run wrote to, deleting created zones only when asked', () => {
    const run = { id: 'r1', accountId: ACCOUNT, startedAt: 5, zones: [undoData('a.com', true), undoData('b.com')] };
    expect(undoRequest(run, 'tok', false)).toEqual({
      targetToken: 'tok',
      targetAccountId: ACCOUNT,
      zones: [
        { name: 'a.com', undo: undoData('a.com', true) },
        { name: 'b.com', undo: undoData('b.com') },
      ],
    });
    expect(undoRequest(run, 'tok', true).deleteZone).toBe(true);
  });
});
