import { DnsRecordSchema } from '@dnsferry/shared';
import type { CallOptions, CutoverTarget, TargetDnssec, TargetZone } from '../../engine/ports';
import type { CloudflareClient } from './client';
import { CloudflareTarget } from './target';

/** GET /zones/{id}/dnssec, the fields we read ("DNSSEC Details" in Cloudflare's API). */
interface CloudflareDnssec {
  status?: string;
  key_tag?: number | null;
  algorithm?: string | null;
  digest_type?: string | null;
  digest?: string | null;
}

/**
 * The Cloudflare adapter with what the cutover check needs: zone status (GET /zones/{id}), the
 * activation check (PUT /zones/{id}/activation_check, whose answer is only the id) and DNSSEC
 * (GET /zones/{id}/dnssec). Everything a migration does is inherited unchanged.
 */
export class CloudflareCutoverTarget extends CloudflareTarget implements CutoverTarget {
  constructor(
    private readonly api: CloudflareClient,
    accountId: string,
    batchSize: number,
  ) {
    super(api, accountId, batchSize);
  }

  lookupZone(name: string, opts: CallOptions): Promise<TargetZone | null> {
    // A dry run never creates: it is the lookup alone.
    return this.findOrCreateZone(name, { signal: opts.signal, dryRun: true });
  }

  async zoneStatus(zone: TargetZone, opts: CallOptions): Promise<string> {
    const env = await this.api.call<{ status?: string }>('GET', `/zones/${zone.id}`, { signal: opts.signal });
    return env.result.status ?? 'unknown';
  }

  async requestActivationCheck(zone: TargetZone, opts: CallOptions): Promise<void> {
    await this.api.call('PUT', `/zones/${zone.id}/activation_check`, { signal: opts.signal });
  }

  async dnssec(zone: TargetZone, opts: CallOptions): Promise<TargetDnssec> {
    const d = (await this.api.call<CloudflareDnssec>('GET', `/zones/${zone.id}/dnssec`, { signal: opts.signal })).result;
    const status = d.status ?? 'unknown';
    if (d.key_tag == null || d.algorithm == null || d.digest_type == null || !d.digest) return { status, ds: null };
    // Through the shared DS reader, so it compares with the parent's DS on one canonical form.
    const parsed = DnsRecordSchema.safeParse({
      type: 'DS',
      name: '@',
      ttl: 3600,
      content: `${d.key_tag} ${d.algorithm} ${d.digest_type} ${d.digest}`,
    });
    return { status, ds: parsed.success ? parsed.data.content : null };
  }
}
