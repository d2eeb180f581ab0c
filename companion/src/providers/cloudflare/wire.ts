/** A DNS record as the Cloudflare API returns it (the fields we read). */
export interface CloudflareRecord {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  proxied?: boolean;
  priority?: number;
  data?: Record<string, unknown>;
  comment?: string | null;
  created_on?: string;
}

export interface CloudflareZone {
  id: string;
  name: string;
  status: string;
  name_servers?: string[];
  account?: { id: string; name?: string };
  created_on?: string;
  /** `legacy_id` is `free`, `pro`, `business` or `enterprise`. */
  plan?: { name?: string; legacy_id?: string };
}

/** GET /zones/{id}/dns_records/usage and GET /accounts/{id}/dns_records/usage (null: the quota is the other's). */
export interface CloudflareRecordUsage {
  record_quota: number | null;
  record_usage: number;
}
