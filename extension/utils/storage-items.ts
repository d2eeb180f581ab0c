import { storage } from 'wxt/utils/storage';
import type { SourceZone, Subscription, TargetAccount } from '@dnsferry/shared';
import type { FormKind } from '@/sources';
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
export interface PasteDraft {
  zone: string;
  text: string;
  rows: ManualRow[];
}
/**
 * The form of a source of `sources/` (Azure, Route 53, a zone transfer, another account): its kept fields
 * under the contract's names (a field that is not kept, such as a TSIG secret or another account's
 * token, is never here), and what the provider listed or the user named.
 */
export type SourceFormDraft<F extends string> = { [K in F]?: string } & {
  subscriptions?: Subscription[];
  subscriptionId?: string;
  zones?: SourceZone[];
  selectedZones?: string[];
  zonesText?: string;
};
export interface TargetDraft {
  token: string;
  accounts: TargetAccount[];
  accountId: string;
  tokenStatus: string;
  expiresOn: string | null;
}
export const uiDraftItem = storage.defineItem<UiDraft>('session:dnsferry:draft:ui');
export const sourceDraftItem = storage.defineItem<SourceDraft>('session:dnsferry:draft:source');
export const pasteDraftItem = storage.defineItem<PasteDraft>('session:dnsferry:draft:paste');
/** `session:dnsferry:draft:azure`, `…:route53`, `…:transfer`, `…:account`, as earlier builds wrote them. */
export const sourceFormDraftItem = <F extends string>(kind: FormKind) =>
  storage.defineItem<SourceFormDraft<F>>(`session:dnsferry:draft:${kind}`);
export const targetDraftItem = storage.defineItem<TargetDraft>('session:dnsferry:draft:target');
