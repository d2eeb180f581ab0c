import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick, ref } from 'vue';
import type { ParseReply, ParseRequest } from '@/utils/zone-text';
import { readPaste } from '@/utils/paste-reading';

/** A worker that answers when the test says so, with the real parser. */
class FakeWorker {
  static last: FakeWorker | null = null;
  readonly requests: ParseRequest[] = [];
  private listeners: Array<(e: MessageEvent<ParseReply>) => void> = [];
  constructor() {
    FakeWorker.last = this;
  }
  addEventListener(_type: 'message', fn: (e: MessageEvent<ParseReply>) => void) {
    if (!this.listeners.includes(fn)) this.listeners.push(fn);
  }
  postMessage(req: ParseRequest) {
    this.requests.push(req);
  }
  answer(req: ParseRequest) {
    const data: ParseReply = { seq: req.seq, parsed: readPaste(req.text, req.zone) };
    for (const fn of this.listeners) fn({ data } as MessageEvent<ParseReply>);
  }
}

const lines = (n: number, prefix = 'h') => Array.from({ length: n }, (_, i) => `${prefix}${i} 300 IN A 192.0.2.${i % 250}`).join('\n');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function load() {
  vi.stubGlobal('Worker', FakeWorker);
  return import('@/utils/zone-text');
}

describe('useParsedZoneText', () => {
  it('reads a short text at once, in the same task', async () => {
    const { useParsedZoneText } = await load();
    const text = ref('');
    const zone = ref('example.com');
    const { parsed, parsing } = useParsedZoneText(text, zone);
    text.value = 'www 300 IN A 192.0.2.1\nbad IN A 999.1.1.1';
    expect(parsed.value.records).toHaveLength(1);
    expect(parsed.value.issues).toHaveLength(1);
    expect(parsing.value).toBe(false);
  });

  it('reads a long text in the worker; until it answers the previous result stays, and only the latest answer counts', async () => {
    const { useParsedZoneText, INLINE_MAX_LINES } = await load();
    const text = ref('');
    const zone = ref('example.com');
    const { parsed, parsing } = useParsedZoneText(text, zone);
    text.value = lines(INLINE_MAX_LINES + 1, 'a');
    text.value = lines(INLINE_MAX_LINES + 5, 'b');
    await nextTick();
    const w = FakeWorker.last!;
    expect(w.requests.map((r) => r.zone)).toEqual(['example.com', 'example.com']);
    expect(parsing.value).toBe(true);
    expect(parsed.value.records).toHaveLength(0);

    w.answer(w.requests[0]!); // the older text: ignored
    expect(parsed.value.records).toHaveLength(0);
    w.answer(w.requests[1]!);
    expect(parsing.value).toBe(false);
    expect(parsed.value.records).toHaveLength(INLINE_MAX_LINES + 5);
    expect(parsed.value.records[0]?.name).toBe('b0');
  });

  it('reads a long text at once where there is no worker', async () => {
    const { useParsedZoneText, INLINE_MAX_LINES } = await import('@/utils/zone-text');
    if (typeof Worker !== 'undefined') vi.stubGlobal('Worker', undefined);
    const text = ref('');
    const { parsed } = useParsedZoneText(text, ref('example.com'));
    text.value = lines(INLINE_MAX_LINES + 1);
    expect(parsed.value.records).toHaveLength(INLINE_MAX_LINES + 1);
  });
});
