import type { AccountSource, AxfrSource, DnsRecord } from '@dnsferry/shared';

/** A record set at the source that could not be turned into records (e.g. an alias whose target is unknown). */
export interface SourceProblem {
  name: string;
  type: string;
  message: string;
}

export interface SourceZoneContent {
  /** Canonical records: names relative to the zone (`@` for the apex), no trailing dots. */
  records: DnsRecord[];
  /** Each counts as one failed record in the zone's result. */
  problems: SourceProblem[];
  /** Things worth telling the user (e.g. "alias www → public IP 20.1.2.3, copied as a snapshot"). */
  notes: string[];
}

/** The engine's view of where zones come from when the client does not send records itself. */
export interface Source {
  /** `progress` hears what happens while a long read goes on (pages read, throttling waited out). */
  readZone(
    zone: {
      name: string;
      resourceGroup?: string | undefined;
      axfr?: AxfrSource | undefined;
      cloudflare?: AccountSource | undefined;
      /** The zone the records go to, when it is at the target already: a source must not read it back. */
      targetZoneId?: string | undefined;
    },
    opts: { signal: AbortSignal; progress?: (message: string) => void },
  ): Promise<SourceZoneContent>;
}
