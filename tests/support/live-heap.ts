import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/** The bytes the heap still holds after a full collection: what is reachable at that moment. */
export function liveHeap(): number {
  if (!gc) {
    // V8's collector, exposed once for the tests that weigh what a stream keeps
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  return getHeapStatistics().used_heap_size;
}
