import { shallowRef, ref, watch, type Ref } from 'vue';
import { readPaste, type ParseReply, type ParseRequest, type PastedText } from './paste-reading';

export type { ParseReply, ParseRequest, PastedText } from './paste-reading';

/** Lines read in the paste's own task: about 50 ms of parsing on a slow machine. */
export const INLINE_MAX_LINES = 2000;

/** Lines of `text`, counted up to one past `stopAt` (a long text is not scanned to its end). */
export function lineCount(text: string, stopAt = Infinity): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && n <= stopAt; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

let worker: Worker | null = null;
function parserWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  worker ??= new Worker(new URL('./zone-file-worker.ts', import.meta.url), { type: 'module' });
  return worker;
}

/**
 * The pasted text, read into records: a zone file (or record lines), or a records table copied from a
 * DNS host's dashboard, told apart by the table's header row. A short text is read at once, in the
 * task that changed it (typing stays instant and tests see the result synchronously); a long one is
 * read in a worker, outside the paste's own task, so a 10,000-line paste never blocks the popup. Only
 * the latest text's reading is kept.
 */
export function useParsedZoneText(
  text: Ref<string>,
  zone: Ref<string>,
): { parsed: Readonly<Ref<PastedText>>; parsing: Readonly<Ref<boolean>> } {
  const parsed = shallowRef<PastedText>(readPaste('', undefined));
  const parsing = ref(false);
  let seq = 0;

  const onReply = (e: MessageEvent<ParseReply>) => {
    if (e.data.seq !== seq) return; // a newer text is being read
    parsed.value = e.data.parsed;
    parsing.value = false;
  };

  watch(
    [text, () => zone.value.trim()],
    ([t, z]) => {
      const mine = ++seq;
      const origin = z || undefined;
      const w = lineCount(t, INLINE_MAX_LINES) > INLINE_MAX_LINES ? parserWorker() : null;
      if (!w) {
        parsed.value = readPaste(t, origin);
        parsing.value = false;
        return;
      }
      parsing.value = true;
      w.addEventListener('message', onReply);
      const request: ParseRequest = { seq: mine, text: t, zone: origin };
      w.postMessage(request);
    },
    { immediate: true, flush: 'sync' },
  );

  return { parsed, parsing };
}
