import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { API, type TargetAccount } from '@dnsferry/shared';
import type { BackgroundLink } from '@/jobs/link';
import { CompanionError, postJson } from '@/utils/companion';
import type { Update } from '@/jobs/messages';
import type { RefusedAction } from '@/jobs/run';
import { RefusalError, checkTrust, forgetPairing, pairWithCompanion, refusalSentence, type Refusal } from '@/utils/pairing';
import { CLOUDFLARE, errorSentence } from '@/utils/error-sentence';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import { targetDraftItem } from '@/utils/storage-items';
import { useSettingsStore } from './settings';

/**
 * What the popup knows of the companion: `unpaired` (this browser has no key for it), `impostor`
 * (something answers but has not proved it is the paired companion, whatever it answered).
 */
export type CompanionState = 'unknown' | 'checking' | 'up' | 'down' | 'unpaired' | 'impostor';

export const COMPANION_LABEL: Record<CompanionState, string> = {
  unknown: 'Looking for the companion…',
  checking: 'Looking for the companion…',
  up: 'Companion connected',
  down: 'Companion not running',
  unpaired: 'Companion not paired',
  impostor: 'Not your companion',
};

/** The last request the extension did not send, and why: what the header shows until the companion proves itself. */
export interface LastRefusal {
  what: RefusedAction;
  refusal: Refusal;
}

/** The companion (is it there?) and the target side: token → accounts → chosen account. */
export const useConnectionStore = defineStore('connection', () => {
  const settings = useSettingsStore();
  const companion = ref<CompanionState>('unknown');
  /** Why the answer was not trusted (impostor): a clause, "it could not …". */
  const trustReason = ref<string | null>(null);
  const lastRefusal = ref<LastRefusal | null>(null);
  const pairingBusy = ref(false);
  const pairingError = ref<string | null>(null);
  const companionLabel = computed(() => COMPANION_LABEL[companion.value]);
  /** The header's note of the last refusal: "dry run not sent". */
  const refusalNote = computed(() => (lastRefusal.value ? `${lastRefusal.value.what} not sent` : null));
  const refusalWhy = computed(() => (lastRefusal.value ? refusalSentence(lastRefusal.value.refusal) : null));

  const token = ref('');
  const accounts = ref<TargetAccount[]>([]);
  const accountId = ref('');
  const tokenStatus = ref('');
  const expiresOn = ref<string | null>(null);
  const validating = ref(false);
  const targetError = ref<string | null>(null);
  /** The token the accounts belong to; editing the token invalidates them. */
  const validatedToken = ref('');

  const tokenValidated = computed(() => validatedToken.value !== '' && validatedToken.value === token.value.trim());
  const targetReady = computed(() => tokenValidated.value && accountId.value !== '');
  const account = computed(() => accounts.value.find((a) => a.id === accountId.value) ?? null);

  /** A check is under way (the last known state stays shown meanwhile, so nothing flickers). */
  const checking = ref(false);

  async function checkCompanion(fetchImpl?: typeof fetch): Promise<boolean> {
    if (companion.value === 'unknown') companion.value = 'checking';
    checking.value = true;
    try {
      const trust = await checkTrust(settings.companionUrl, fetchImpl ? { fetch: fetchImpl } : {});
      companion.value = trust.state;
      trustReason.value = trust.state === 'impostor' ? trust.reason : null;
      // The companion proved itself: what was refused before is no longer what the header says.
      if (trust.state === 'up') lastRefusal.value = null;
      return trust.state === 'up';
    } finally {
      checking.value = false;
    }
  }

  /** Shows the companion as the refusal found it (no new check: the header says what stopped `what`). */
  function noteRefusal(what: RefusedAction, refusal: Refusal): void {
    companion.value = refusal.state;
    trustReason.value = refusal.state === 'impostor' ? refusal.reason : null;
    lastRefusal.value = { what, refusal };
  }

  /** What a failed call says of the companion: refused (nothing sent), or not answering. */
  function noteFailure(what: RefusedAction, err: unknown): void {
    if (err instanceof RefusalError) noteRefusal(what, err.refusal);
    else if (err instanceof CompanionError && err.kind === 'unreachable') companion.value = 'down';
  }

  /** Refusals of the jobs the background runs (dry run, migration, undo, switch check). */
  function attach(l: BackgroundLink): () => void {
    return l.onUpdate((u: Update) => {
      if (u.type === 'companion:refused') noteRefusal(u.what, u.refusal);
    });
  }

  /** Pairs with the code the companion printed; on success the companion is trusted at once. */
  async function pair(code: string, fetchImpl?: typeof fetch): Promise<boolean> {
    pairingBusy.value = true;
    pairingError.value = null;
    try {
      await pairWithCompanion(settings.companionUrl, code, fetchImpl ? { fetch: fetchImpl } : {});
      return await checkCompanion(fetchImpl);
    } catch (err) {
      // An impostor: the red panel says it, with its reason as a clause of its own sentence.
      if (err instanceof RefusalError) {
        companion.value = err.refusal.state;
        trustReason.value = err.refusal.state === 'impostor' ? err.refusal.reason : null;
        return false;
      }
      if (err instanceof CompanionError && err.kind === 'unreachable') companion.value = 'down';
      pairingError.value = err instanceof Error ? err.message : String(err);
      return false;
    } finally {
      pairingBusy.value = false;
    }
  }

  /**
   * Drops this browser's key for the companion (the popup then asks for a code again). From the red
   * panel, only once the user has read that the program on the port may not be theirs and confirmed.
   */
  async function unpair(): Promise<void> {
    await forgetPairing(settings.companionUrl);
    pairingError.value = null;
    await checkCompanion();
  }

  async function validateTarget(fetchImpl?: typeof fetch): Promise<boolean> {
    const value = token.value.trim();
    targetError.value = null;
    if (value === '') {
      targetError.value = 'Paste a Cloudflare API token first.';
      return false;
    }
    validating.value = true;
    try {
      const res = await postJson(settings.companionUrl, API.targetValidate, { targetToken: value }, fetchImpl ? { fetch: fetchImpl } : {});
      accounts.value = res.accounts;
      tokenStatus.value = res.token.status;
      expiresOn.value = res.token.expiresOn ?? null;
      validatedToken.value = value;
      // One account: nothing to choose. Several: keep the earlier choice if it is still there.
      if (res.accounts.length === 1) accountId.value = res.accounts[0]?.id ?? '';
      else if (!res.accounts.some((a) => a.id === accountId.value)) accountId.value = '';
      if (res.accounts.length === 0)
        targetError.value = 'This token is valid but sees no account. Give it access to the account that should hold the zones.';
      return res.accounts.length > 0;
    } catch (err) {
      noteFailure('Cloudflare token', err);
      accounts.value = [];
      accountId.value = '';
      validatedToken.value = '';
      targetError.value = errorSentence(err, CLOUDFLARE);
      return false;
    } finally {
      validating.value = false;
    }
  }

  function forgetToken(): void {
    token.value = '';
    accounts.value = [];
    accountId.value = '';
    validatedToken.value = '';
    tokenStatus.value = '';
    expiresOn.value = null;
    targetError.value = null;
  }

  async function restore(): Promise<void> {
    const d = await loadDraft(targetDraftItem);
    if (d) {
      token.value = d.token ?? '';
      accounts.value = d.accounts ?? [];
      accountId.value = d.accountId ?? '';
      tokenStatus.value = d.tokenStatus ?? '';
      expiresOn.value = d.expiresOn ?? null;
      // A restored token was validated when it was saved with its accounts.
      validatedToken.value = accounts.value.length > 0 ? token.value.trim() : '';
    }
    keepDraft(targetDraftItem, () => ({
      token: token.value,
      accounts: validatedToken.value ? accounts.value : [],
      accountId: accountId.value,
      tokenStatus: tokenStatus.value,
      expiresOn: expiresOn.value,
    }));
  }

  return {
    companion,
    companionLabel,
    trustReason,
    lastRefusal,
    refusalNote,
    refusalWhy,
    noteFailure,
    attach,
    pairingBusy,
    pairingError,
    pair,
    unpair,
    checking,
    token,
    accounts,
    accountId,
    account,
    tokenStatus,
    expiresOn,
    validating,
    targetError,
    tokenValidated,
    targetReady,
    checkCompanion,
    validateTarget,
    forgetToken,
    restore,
  };
});
