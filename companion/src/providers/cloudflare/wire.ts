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
}

export interface CloudflareZone {
  id: string;
  name: string;
  status: string;
  name_servers?: string[];
  account?: { id: string; name?: string };
}
