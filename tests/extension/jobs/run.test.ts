import { describe, expect, it } from 'vitest';
import { CompanionError } from '@/utils/companion';
import { followStream, occupy, vacate, type JobSlot, type StreamHandlers } from '@/jobs/run';
import { REASONS, RefusalError } from '@/utils/pairing';

type Ending = { how: 'closed' } | { how: 'cancelled' } | { how: 'failed'; error: string };

async function follow(events: AsyncIterable<number>, ac = new AbortController()) {
  const seen: number[] = [];
  const endings: Ending[] = [];
  const handlers: StreamHandlers<number> = {
    event: (e) => void seen.push(e),
    closed: () => void endings.push({ how: 'closed' }),
    cancelled: () => void endings.push({ how: 'cancelled' }),
    failed: (error) => void endings.push({ how: 'failed', error }),
  };
  await followStream(events, ac.signal, handlers);
  return { seen, endings };
}

async function* emitting(values: number[], thenThrow?: unknown) {
  for (const v of values) yield v;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a stream throws is not always an Error; the sentence must still come
  if (thenThrow !== undefined) throw thenThrow;
}

describe('followStream', () => {
  it('hands over every event in order, then says the stream closed', async () => {
    expect(await follow(emitting([1, 2, 3]))).toEqual({ seen: [1, 2, 3], endings: [{ how: 'closed' }] });
  });

  it('calls an error after the abort signal fired a cancel, whatever the error says', async () => {
    const ac = new AbortController();
    async function* stopped() {
      yield 1;
      ac.abort();
      throw new CompanionError('unreachable', 'The connection to the companion broke off.');
    }
    expect(await follow(stopped(), ac)).toEqual({ seen: [1], endings: [{ how: 'cancelled' }] });
  });

  it.each([
    [
      'an unreachable companion, with a question',
      new CompanionError('unreachable', 'The companion does not answer at http://127.0.0.1:8787.'),
      'The companion does not answer at http://127.0.0.1:8787. Is it still running?',
    ],
    [
      'a companion error, as the companion put it',
      new CompanionError('http', 'Cloudflare 10000: Authentication error', 401),
      'Cloudflare 10000: Authentication error',
    ],
    ['any other error, by its message', new TypeError('boom'), 'boom'],
    ['a thrown value that is no error, as text', 'bare string', 'bare string'],
  ])('turns %s into the failure sentence', async (_what, thrown, sentence) => {
    expect(await follow(emitting([7], thrown))).toEqual({ seen: [7], endings: [{ how: 'failed', error: sentence }] });
  });

  it('counts an error thrown by the event handler as a failure of the stream', async () => {
    const endings: string[] = [];
    await followStream(emitting([1, 2]), new AbortController().signal, {
      event: (e) => {
        if (e === 2) throw new Error('event 2 does not fit the job');
      },
      closed: () => void endings.push('closed'),
      cancelled: () => void endings.push('cancelled'),
      failed: (error) => void endings.push(error),
    });
    expect(endings).toEqual(['event 2 does not fit the job']);
  });

  it('tells a refusal (nothing sent) before the failure, and only a refusal', async () => {
    const told: string[] = [];
    const handlers: StreamHandlers<number> = {
      event: () => undefined,
      closed: () => void told.push('closed'),
      cancelled: () => void told.push('cancelled'),
      failed: (error) => void told.push(`failed: ${error}`),
      refused: (refusal) => void told.push(`refused: ${refusal.state}`),
    };
    const refusal = new RefusalError({ state: 'impostor', reason: REASONS.wrongProof });
    await followStream(emitting([], refusal), new AbortController().signal, handlers);
    await followStream(
      emitting([], new CompanionError('http', 'Cloudflare 10000: Authentication error', 401)),
      new AbortController().signal,
      handlers,
    );
    expect(told).toEqual([
      'refused: impostor',
      `failed: This is not your dnsferry companion: ${REASONS.wrongProof}. Nothing was sent to it.`,
      'failed: Cloudflare 10000: Authentication error',
    ]);
  });
});

describe('a job slot', () => {
  it("is occupied by the newest run; an older run ending does not take the newer one's controller out", () => {
    const slot: JobSlot<string> = { job: null, abort: null };
    const first = occupy(slot, 'first');
    const second = occupy(slot, 'second');
    expect(slot).toEqual({ job: 'second', abort: second });
    vacate(slot, first);
    expect(slot.abort).toBe(second);
    vacate(slot, second);
    expect(slot).toEqual({ job: 'second', abort: null });
  });
});
