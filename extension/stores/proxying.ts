import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import { isProxied } from '@dnsferry/shared';
import { canProxy } from '@/utils/review-zones';
import { useReviewStore } from './review';

/** Which of the review's records go through Cloudflare's proxy (A, AAAA and CNAME only). */
export const useProxyingStore = defineStore('proxying', () => {
  const review = useReviewStore();
  /** Proxying the user chose, by record key; a record not in it keeps what the source said (absent = DNS only). */
  const choice = shallowRef<Map<string, boolean>>(new Map());

  /** Keys of the records that will be proxied. */
  const proxied = computed(() => {
    const chosen = choice.value;
    const on = new Set<string>();
    for (const z of review.zones) {
      for (const r of z.ordered) if (canProxy(r.record) && (chosen.get(r.key) ?? isProxied(r.record))) on.add(r.key);
    }
    return on;
  });
  function toggleProxied(key: string): void {
    const next = new Map(choice.value);
    next.set(key, !proxied.value.has(key));
    choice.value = next;
  }
  /** Proxies every A, AAAA and CNAME record of a zone, or none. */
  function setZoneProxied(zone: string, on: boolean): void {
    const next = new Map(choice.value);
    for (const r of review.zones.find((z) => z.name === zone)?.ordered ?? []) if (canProxy(r.record)) next.set(r.key, on);
    choice.value = next;
  }

  return { proxied, toggleProxied, setZoneProxied };
});
