import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ENDPOINTS, ErrorBodySchema, PairResponseSchema, type Api } from '@dnsferry/shared';
import { dohEndpoints } from '../../support/dns/endpoints';
import { startStack } from '../../support/stack';
import { startCutoverStack } from '../cutover/cutover-stack';
import { FIREFOX_ORIGIN, initiator, nonce, pairingApp } from '../pairing/pairing-app';

/**
 * One contract test per endpoint of the contract's table, through the real app (`app.inject`): a valid
 * body answers 200 with what the contract says (one JSON answer of its schema, or NDJSON whose every line
 * is an event of its union and whose one `done` comes last), and a bad body answers 400 with the
 * contract's error body naming the field at fault. The table is keyed like the contract's, so a new
 * endpoint does not compile until it has its case. What each endpoint does is in its own test files.
 */

/** What the tests read of an injected answer. */
interface Response {
  statusCode: number;
  headers: Record<string, unknown>;
  payload: string;
  json(): unknown;
}

/** A body to post, with the Origin an extension sends (the pairing endpoints take only extensions). */
interface Post {
  body: Record<string, unknown>;
  origin?: string;
}

/** An app the endpoint is served by, with what it needs around it. */
interface Harness {
  post(path: string, sent: Post): Promise<Response>;
  /** The target's credentials in the form the body takes them. */
  target: Record<string, string>;
  /** Azure credentials and a subscription of the simulated world, for the source endpoints. */
  azure: Record<string, string>;
  /** The pairing code the companion shows now. */
  code(): string;
  close(): Promise<void>;
}

interface Case {
  harness: () => Promise<Harness>;
  valid(h: Harness): Post | Promise<Post>;
  bad(h: Harness): Post;
  /** The field the bad body gets wrong, as the error names it. */
  field: string;
}

/** The companion before the simulators, with a DoH server that answers for the scan. */
async function stackHarness(): Promise<Harness> {
  const s = await startStack({ azure: true, config: { dohUrl: dohEndpoints().httpUrl } });
  const azure = s.azureDemo;
  if (!azure) throw new Error('no Azure demo');
  return {
    post: (path, { body }) => s.app.inject({ method: 'POST', url: path, payload: body }),
    target: { targetToken: s.seed.token, targetAccountId: s.seed.accountId },
    azure: { ...azure.servicePrincipal, subscriptionId: azure.subscriptions[0]?.subscriptionId ?? '' },
    code: () => '',
    close: () => s.close(),
  };
}

/** The companion in front of the Cloudflare simulator's name servers and a parent zone's resolver. */
async function cutoverHarness(): Promise<Harness> {
  const s = await startCutoverStack();
  return {
    post: (path, { body }) => s.app.inject({ method: 'POST', url: path, payload: body }),
    target: { targetToken: s.seed.token, targetAccountId: s.seed.accountId },
    azure: {},
    code: () => '',
    close: () => s.close(),
  };
}

/** The companion with its pairing codes captured. */
async function pairingHarness(): Promise<Harness> {
  const p = await pairingApp();
  return {
    post: (path, { body, origin }) => p.post(path, body, origin),
    target: {},
    azure: {},
    code: () => p.code(),
    close: () => p.app.close(),
  };
}

/** The first step of a pairing, as the extension makes it: the exchange, ready for the second. */
async function firstStep(h: Harness) {
  const ext = initiator(h.code(), FIREFOX_ORIGIN);
  const res = await h.post(ENDPOINTS.pair, { body: ext.start, origin: FIREFOX_ORIGIN });
  return ext.confirm(PairResponseSchema.parse(res.json()).share);
}

const records = [{ type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 }];

const CASES = {
  targetValidate: {
    harness: stackHarness,
    valid: (h) => ({ body: { targetToken: h.target.targetToken ?? '' } }),
    bad: () => ({ body: { targetToken: 42 } }),
    field: 'targetToken',
  },
  sourceValidate: {
    harness: stackHarness,
    valid: (h) => ({ body: { ...h.azure, subscriptionId: undefined } }),
    bad: (h) => ({ body: { ...h.azure, authMethod: 'password' } }),
    field: 'authMethod',
  },
  sourceZones: {
    harness: stackHarness,
    valid: (h) => ({ body: h.azure }),
    bad: (h) => ({ body: { ...h.azure, subscriptionId: 'not-a-subscription' } }),
    field: 'subscriptionId',
  },
  scan: {
    harness: stackHarness,
    valid: () => ({ body: { domain: 'dnsferry.test' } }),
    bad: () => ({ body: { domain: 'not a domain!' } }),
    field: 'domain',
  },
  migrate: {
    harness: stackHarness,
    valid: (h) => ({ body: { ...h.target, zones: [{ name: 'contract.example', records }] } }),
    bad: (h) => ({ body: { ...h.target, zones: [{ name: 'contract.example', records: [{ name: 'www', content: '192.0.2.1' }] }] } }),
    field: 'zones.0.records.0.type',
  },
  undo: {
    harness: stackHarness,
    valid: (h) => ({
      body: {
        ...h.target,
        // undo data of a zone the target no longer has: the stream says so, zone by zone
        zones: [
          {
            name: 'contract.example',
            undo: {
              version: 1,
              zone: 'contract.example',
              zoneId: 'f'.repeat(32),
              zoneCreated: false,
              created: [],
              removed: [],
              updated: [],
            },
          },
        ],
      },
    }),
    bad: (h) => ({ body: { ...h.target, zones: [{ name: 'contract.example', undo: { version: 2 } }] } }),
    field: 'zones.0.undo.version',
  },
  cutoverCheck: {
    harness: cutoverHarness,
    valid: (h) => ({ body: { ...h.target, zones: [{ name: 'contract.example', records }] } }),
    bad: (h) => ({ body: { ...h.target, zones: [{ name: 'contract.example', records }], requestActivation: 'yes' } }),
    field: 'requestActivation',
  },
  pair: {
    harness: pairingHarness,
    valid: (h) => ({ body: initiator(h.code(), FIREFOX_ORIGIN).start, origin: FIREFOX_ORIGIN }),
    bad: () => ({ body: { nonce: 'short', share: 'x' }, origin: FIREFOX_ORIGIN }),
    field: 'nonce',
  },
  pairConfirm: {
    harness: pairingHarness,
    valid: async (h) => ({ body: (await firstStep(h)).body, origin: FIREFOX_ORIGIN }),
    bad: () => ({ body: { nonce: nonce(), confirm: 'short' }, origin: FIREFOX_ORIGIN }),
    field: 'confirm',
  },
  pairProof: {
    harness: pairingHarness,
    valid: async (h) => {
      const step = await firstStep(h);
      await h.post(ENDPOINTS.pairConfirm, { body: step.body, origin: FIREFOX_ORIGIN });
      return { body: { nonce: nonce() }, origin: FIREFOX_ORIGIN };
    },
    bad: () => ({ body: { nonce: 42 }, origin: FIREFOX_ORIGIN }),
    field: 'nonce',
  },
} satisfies Record<keyof Api, Case>;

const JSON_TYPE = 'application/json; charset=utf-8';
const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';

describe.each(Object.keys(CASES) as Array<keyof Api>)('%s, as the contract says', (key) => {
  const entry = API[key];
  const c: Case = CASES[key];
  let h: Harness;
  beforeAll(async () => {
    h = await c.harness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it(`answers a valid body at ${entry.path} with ${entry.answer.name}`, async () => {
    const res = await h.post(entry.path, await c.valid(h));
    expect(res.statusCode, res.payload).toBe(200);
    const { answer } = entry;
    if (answer.kind === 'json') {
      expect(res.headers['content-type']).toBe(JSON_TYPE);
      expect(answer.schema.safeParse(res.json()).error).toBeUndefined();
      return;
    }
    expect(res.headers['content-type']).toBe(NDJSON_TYPE);
    expect(res.payload.endsWith('\n')).toBe(true);
    const lines = res.payload.split('\n').slice(0, -1);
    const events = lines.map((line) => answer.event.parse(JSON.parse(line)) as { type: string });
    expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
    expect(events.at(-1)?.type).toBe('done');
  });

  it(`refuses a bad body at ${entry.path} with a 400 naming the field`, async () => {
    const res = await h.post(entry.path, c.bad(h));
    expect(res.statusCode, res.payload).toBe(400);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    const { error } = ErrorBodySchema.parse(res.json());
    expect(error).toMatchObject({ code: 'invalid_request', field: c.field });
    expect(error.message).toContain(c.field);
  });
});
