import { axfr } from './axfr/index';
import { azure } from './azure/index';
import { cloudflare } from './cloudflare/index';
import type { Provider } from './provider';
import { route53 } from './route53/index';

/**
 * Every provider, one row each, by the name requests and folders use. A new provider is its folder
 * (`providers/<name>/`: an index.ts with its descriptor, a capabilities.ts, its adapter) and its row here.
 */
export const PROVIDERS = { cloudflare, azure, route53, axfr } as const satisfies Record<string, Provider>;
export type ProviderName = keyof typeof PROVIDERS;

/** Where zones go. */
export const TARGET = PROVIDERS.cloudflare.target;

/** The source a request names by `provider` (or by Azure's fields: absent means Azure, as before `provider` existed). */
export const namedSource = (provider: 'azure' | 'route53' | undefined) => PROVIDERS[provider ?? 'azure'].source;
