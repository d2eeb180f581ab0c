import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { API, type TargetAccount } from '@dnsferry/shared';
import { postJson } from '@/utils/companion';
import { CLOUDFLARE, errorSentence } from '@/utils/error-sentence';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import { targetDraftItem } from '@/utils/storage-items';
import { useConnectionStore } from './connection';
import { useSettingsStore } from './settings';

/** The target side: the Cloudflare token → its accounts → the chosen account. */
export const useTargetStore = defineStore('target', () => {
  const settings = useSettingsStore();
  const connection = useConnectionStore();
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
      connection.noteFailure('Cloudflare token', err);
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
    validateTarget,
    forgetToken,
    restore,
  };
});
