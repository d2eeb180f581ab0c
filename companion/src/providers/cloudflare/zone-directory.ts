import type { CloudflareClient } from './client';
import type { CloudflareZone } from './wire';
import { CAPABILITIES } from './capabilities';

const ZONE_PAGE = CAPABILITIES.limits.zonesPerPage;

/**
 * Finds zones by name for a request that names many. Looking each one up costs a request per zone;
 * listing the account's zones costs a request per 50 zones it holds. So the first lookup reads one
 * page of the account's zones, and when the rest of the list is fewer pages than the zones still to
 * find, reads those pages side by side and answers every later lookup from them. An account too big
 * for that is looked up zone by zone, as before. A zone added after the listing (by this request, or
 * by someone else, which the create's 1061 reveals) is the caller's to look up by name.
 */
export class ZoneDirectory {
  private listing: Promise<Map<string, CloudflareZone> | null> | null = null;
  private firstPage = new Map<string, CloudflareZone>();

  constructor(
    private readonly client: CloudflareClient,
    private readonly accountId: string,
    /** Zones the request will look up: two or more, or a lookup by name costs less. */
    private readonly expected: number,
  ) {}

  /** The zone, or null when the account has no such zone; undefined when the directory cannot tell. */
  async find(name: string, signal: AbortSignal): Promise<CloudflareZone | null | undefined> {
    const key = name.toLowerCase();
    this.listing ??= this.list(signal).catch(() => null);
    const all = await this.listing;
    if (all) return all.get(key) ?? null;
    return this.firstPage.get(key);
  }

  private async list(signal: AbortSignal): Promise<Map<string, CloudflareZone> | null> {
    const page = (n: number) =>
      this.client.call<CloudflareZone[]>('GET', '/zones', {
        query: { 'account.id': this.accountId, page: n, per_page: ZONE_PAGE },
        signal,
      });
    const first = await page(1);
    for (const z of first.result) this.firstPage.set(z.name.toLowerCase(), z);
    const pages = first.result_info?.total_pages ?? 1;
    if (pages - 1 > this.expected - 1) return null;
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => page(i + 2)));
    const all = new Map(this.firstPage);
    for (const env of rest) for (const z of env.result) all.set(z.name.toLowerCase(), z);
    return all;
  }
}
