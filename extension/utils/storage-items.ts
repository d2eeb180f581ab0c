import { storage } from 'wxt/utils/storage';
import type { SourceCredentials, SourceZone, Subscription, TargetAccount, TsigAlgorithm } from '@dnsferry/shared';
import type { ManualRow } from './record-rows';

/*
 * Every key the popup keeps, in one place; the background's are beside the jobs that own them
 * (`jobsItem` in jobs/runtime.ts, `undoItem` in jobs/undo-keeper.ts), the pairing keys in
 * `utils/pairing.ts`. The keys are the ones earlier builds wrote, so what they saved still reads.
 * `local:` outlives the browser and holds nothing secret; `session:` lives in memory and is gone when
 * the browser closes (or the extension is updated), so the drafts below may hold credentials.
 */

/** The options page's settings; what an earlier build saved is checked when read (stores/settings.ts). */
export interface SavedSettings {
  companionUrl?: string;
  theme?: string;
}
export const settingsItem = storage.defineItem<SavedSettings>('local:dnsferry:settings');

/** What the user typed in the popup, so that closing and reopening it loses nothing. */
export interface UiDraft {
  step: string;
}
export interface SourceDraft {
  kind: string;
}
export interface AzureDraft {
  authMethod: SourceCredentials['authMethod'];
  tenantId: string;
  clientId: string;
  clientSecret: string;
  sourceToken: string;
  subscriptions: Subscription[];
  subscriptionId: string;
  zones: SourceZone[];
  selectedZones: string[];
}
export interface PasteDraft {
  zone: string;
  text: string;
  rows: ManualRow[];
}
/** Route 53's form: the keys, as Azure's secret, live in `storage.session` only. */
export interface Route53Draft {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  zones: SourceZone[];
  selectedZones: string[];
}
/** A zone transfer's form, without the TSIG secret: that one is never kept. */
export interface TransferDraft {
  zonesText: string;
  server: string;
  port: string;
  tsigName: string;
  tsigAlgorithm: TsigAlgorithm;
}
/** Another account's form, without its token: that one is never kept. */
export interface AccountDraft {
  zonesText: string;
  zoneId: string;
}
export interface TargetDraft {
  token: string;
  accounts: TargetAccount[];
  accountId: string;
  tokenStatus: string;
  expiresOn: string | null;
}
export const uiDraftItem = storage.defineItem<UiDraft>('session:dnsferry:draft:ui');
export const sourceDraftItem = storage.defineItem<SourceDraft>('session:dnsferry:draft:source');
export const azureDraftItem = storage.defineItem<AzureDraft>('session:dnsferry:draft:azure');
export const pasteDraftItem = storage.defineItem<PasteDraft>('session:dnsferry:draft:paste');
export const route53DraftItem = storage.defineItem<Route53Draft>('session:dnsferry:draft:route53');
export const transferDraftItem = storage.defineItem<TransferDraft>('session:dnsferry:draft:transfer');
export const accountDraftItem = storage.defineItem<AccountDraft>('session:dnsferry:draft:account');
export const targetDraftItem = storage.defineItem<TargetDraft>('session:dnsferry:draft:target');
