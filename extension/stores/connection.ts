import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { BackgroundLink } from '@/jobs/link';
import { CompanionError } from '@/utils/companion';
import type { Update } from '@/jobs/messages';
import type { RefusedAction } from '@/jobs/run';
import { RefusalError, checkTrust, forgetPairing, pairWithCompanion, refusalSentence, type Refusal } from '@/utils/pairing';
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

/**
 * The companion: is it there, is it the one this browser paired with, and what it refused last (the
 * header shows it). The Cloudflare side is stores/target.ts.
 */
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
    checkCompanion,
  };
});
