import { browser } from 'wxt/browser';
import { sha512 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { API, KEY_WRAP_CONTEXT, PAIR_CONTEXT, PROOF_CONTEXT, PairingCodeSchema } from '@dnsferry/shared';
import { CompanionError, rawPostJson, type CallOptions, type JsonEndpoint, type RequestOf } from './companion-http';
import {
  calculateGenerator,
  deriveIsk,
  lvCat,
  macKey,
  sameBytes,
  sampleScalar,
  scalarMult,
  scalarMultVfy,
  tag,
} from '@dnsferry/shared/cpace';

/**
 * The extension's side of pairing. The key a companion gives at pairing is kept in `storage.local`
 * (per companion address); before any credential leaves, the companion must answer a fresh nonce
 * with HMAC(key, origin, port, nonce). A server that is not that companion cannot.
 */
export const PAIRINGS_KEY = 'dnsferry:pairings';

export interface Pairing {
  key: string;
  companionId: string;
  pairedAt: number;
}
type Pairings = Record<string, Pairing>;

/**
 * Why nothing was sent: the companion at the address did not prove itself (`reason` says how, in
 * the extension's own words, as a clause: "it could not …"), or this browser has not paired with it.
 */
export type Refusal = { state: 'impostor'; reason: string } | { state: 'unpaired' };

/** What the popup says about the companion at an address. */
export type Trust = { state: 'up'; companionId: string } | { state: 'down' } | Refusal;

/** The clauses a refusal gives: never the words of what answered, which may be an impostor's. */
export const REASONS = {
  wrongProof: 'it could not prove it holds the key this browser was paired with',
  refused: (status: number | undefined) =>
    `it refused to prove it is the companion this browser paired with (it answered ${status ?? 'with an error'})`,
  noProtocol: 'it does not speak the dnsferry protocol',
  noPairingProtocol: 'it does not speak the pairing protocol',
  wrongCodeProof: 'it could not show that it printed this code',
  badShare: 'it answered the key exchange with a share that is not valid',
} as const;

/** The sentence of a refusal, for where it stands alone (a field's error, a job's log). */
export function refusalSentence(refusal: Refusal): string {
  return refusal.state === 'impostor'
    ? `This is not your dnsferry companion: ${refusal.reason}. Nothing was sent to it.`
    : 'This browser is not paired with the companion yet: enter the pairing code it prints. Nothing was sent.';
}

/** A call stopped before anything was sent, because of `refusal`; the popup shows it as it is. */
export class RefusalError extends CompanionError {
  constructor(
    readonly refusal: Refusal,
    options?: { cause?: unknown },
  ) {
    super(refusal.state, refusalSentence(refusal), undefined, undefined, undefined, options);
    this.name = 'RefusalError';
  }
}

const norm = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

async function all(): Promise<Pairings> {
  return ((await browser.storage.local.get(PAIRINGS_KEY))[PAIRINGS_KEY] as Pairings | undefined) ?? {};
}
export async function loadPairing(baseUrl: string): Promise<Pairing | null> {
  return (await all())[norm(baseUrl)] ?? null;
}
async function savePairing(baseUrl: string, pairing: Pairing): Promise<void> {
  await browser.storage.local.set({ [PAIRINGS_KEY]: { ...(await all()), [norm(baseUrl)]: pairing } });
}
export async function forgetPairing(baseUrl: string): Promise<void> {
  const rest = await all();
  delete rest[norm(baseUrl)];
  await browser.storage.local.set({ [PAIRINGS_KEY]: rest });
}

/** The Origin the browser sends for this extension (`chrome-extension://id`, `moz-extension://uuid`). */
export function extensionOrigin(): string {
  return browser.runtime.getURL('/').replace(/\/+$/, '');
}

/** The port the companion listens on, as its proofs name it. */
export function companionPort(baseUrl: string): number {
  const url = new URL(baseUrl);
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

const b64url = (bytes: ArrayBuffer | Uint8Array): string => {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const fromB64url = (text: string): Uint8Array<ArrayBuffer> => {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

async function hmac(key: Uint8Array<ArrayBuffer>, text: string): Promise<string> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return b64url(await crypto.subtle.sign('HMAC', k, new TextEncoder().encode(text)));
}
const newNonce = () => b64url(crypto.getRandomValues(new Uint8Array(24)));
const empty = new Uint8Array(0);

/**
 * Pairs with the companion at `baseUrl` using the code it printed, by the exchange the shared contract
 * describes (shared/src/api/pair.ts): the code never travels, a wrong code is refused by the companion
 * at the second step, and the key is kept only if the companion's tag proves it used the same code.
 */
export async function pairWithCompanion(baseUrl: string, typedCode: string, opts: CallOptions = {}): Promise<Pairing> {
  const parsed = PairingCodeSchema.safeParse(typedCode);
  if (!parsed.success) throw new CompanionError('invalid', parsed.error.issues[0]?.message ?? 'enter the pairing code');
  const origin = extensionOrigin();
  const nonce = newNonce();
  const sid = fromB64url(nonce);
  const ci = lvCat(utf8ToBytes(PAIR_CONTEXT), utf8ToBytes(origin), utf8ToBytes(String(companionPort(baseUrl))));
  const y = sampleScalar();
  const ya = scalarMult(y, calculateGenerator(utf8ToBytes(parsed.data), ci, sid));
  const step = async <E extends JsonEndpoint>(endpoint: E, body: RequestOf<E>) => {
    try {
      return await rawPostJson(baseUrl, endpoint, body, opts);
    } catch (err) {
      if (err instanceof CompanionError && err.kind === 'protocol') throw impostor(REASONS.noPairingProtocol, err);
      throw err;
    }
  };
  const first = await step(API.pair, { nonce, share: b64url(ya) });
  const yb = fromB64url(first.share);
  const k = scalarMultVfy(y, yb);
  if (!k) throw impostor(REASONS.badShare);
  const isk = deriveIsk(sid, k, ya, empty, yb, empty);
  const mk = macKey(sid, isk);
  const done = await step(API.pairConfirm, { nonce, confirm: b64url(tag(mk, ya, empty)) });
  const sealed = fromB64url(done.sealedKey);
  if (!sameBytes(tag(mk, yb, empty, sealed), fromB64url(done.confirm))) throw impostor(REASONS.wrongCodeProof);
  const wrap = sha512(lvCat(utf8ToBytes(KEY_WRAP_CONTEXT), isk));
  const key = sealed.map((b, i) => b ^ (wrap[i] ?? 0));
  const pairing = { key: b64url(key), companionId: done.companionId, pairedAt: Date.now() };
  await savePairing(baseUrl, pairing);
  return pairing;
}

function impostor(reason: string, cause?: unknown): RefusalError {
  return new RefusalError({ state: 'impostor', reason }, { cause });
}

/**
 * Asks the companion at `baseUrl` to prove it holds this browser's key; says what the popup should show.
 * Once this browser has paired, only the proof counts: whatever else answers (a 403, a wrong proof, a
 * body that is not the protocol's) is the same refusal. A companion whose identity was made anew says
 * no more than an impostor could, so it is not told apart: the user pairs again knowingly.
 */
export async function checkTrust(baseUrl: string, opts: CallOptions = {}): Promise<Trust> {
  const pairing = await loadPairing(baseUrl);
  const nonce = newNonce();
  let res;
  try {
    res = await rawPostJson(baseUrl, API.pairProof, { nonce }, opts);
  } catch (err) {
    if (!(err instanceof CompanionError)) throw err;
    if (err.kind === 'unreachable') return { state: 'down' };
    if (err.kind === 'aborted') throw err;
    // Not paired yet: nothing to prove, and a server that speaks the protocol is asked for its code.
    if (!pairing && err.kind === 'http') return { state: 'unpaired' };
    return { state: 'impostor', reason: err.kind === 'http' ? REASONS.refused(err.status) : REASONS.noProtocol };
  }
  if (!pairing) return { state: 'unpaired' };
  const expected = await hmac(fromB64url(pairing.key), `${PROOF_CONTEXT}${extensionOrigin()}\n${companionPort(baseUrl)}\n${nonce}`);
  if (res.proof !== expected) return { state: 'impostor', reason: REASONS.wrongProof };
  return { state: 'up', companionId: res.companionId };
}

/** Throws a RefusalError unless the companion at `baseUrl` proves, right now, that it is the one this browser paired with. */
export async function assertGenuine(baseUrl: string, opts: CallOptions): Promise<void> {
  const trust = await checkTrust(baseUrl, opts);
  switch (trust.state) {
    case 'up':
      return;
    case 'down':
      throw new CompanionError('unreachable', `The companion does not answer at ${baseUrl}.`);
    case 'unpaired':
    case 'impostor':
      throw new RefusalError(trust);
  }
}
