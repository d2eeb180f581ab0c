/**
 * Credentials must not reach an error body, an event or a log, yet providers echo them: Entra ID
 * names the app id, ARM the client and object id, an upstream may echo the form it received
 * (`client_secret=a%2Bb%2F…`) or the `Authorization` header. A Redactor holds what must be hidden
 * for one request and scrubs any text, in every encoding an echo can take, before it leaves the
 * adapter; the error handler scrubs once more with the request's own credential fields.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  /** Longest first, so a token that contains an id is hidden whole. */
  private ordered: string[] | undefined;
  /** Built on first need: most texts are shorter than most secrets and need none. */
  private readonly patterns = new Map<string, RegExp[]>();

  constructor(values: Array<string | undefined> = []) {
    this.add(...values);
  }

  add(...values: Array<string | undefined>): void {
    for (const v of values) {
      if (v && v.trim().length >= 4 && !this.secrets.has(v.trim())) {
        this.secrets.add(v.trim());
        this.ordered = undefined;
      }
    }
  }

  scrub(text: string): string {
    try {
      this.ordered ??= [...this.secrets].sort((a, b) => b.length - a.length);
      let out = text;
      for (const secret of this.ordered) {
        if (out.length < shortestForm(secret)) continue;
        let patterns = this.patterns.get(secret);
        if (!patterns) {
          patterns = secretPatterns(secret);
          this.patterns.set(secret, patterns);
        }
        for (const re of patterns) out = out.replace(re, '[redacted]');
      }
      for (const [re, replacement] of GENERIC) out = out.replace(re, replacement);
      return out;
    } catch (err) {
      // A pattern V8 cannot run must not let the text through unscrubbed (nor its own source, the secret).
      if (err instanceof RangeError || err instanceof SyntaxError) return '[message withheld: it could not be scrubbed]';
      throw err;
    }
  }
}

/**
 * Credential-shaped text whatever its value: header echoes, bearer/basic schemes, and OAuth form or
 * JSON fields. The quote and `\` in the separators let a JSON-escaped echo match too.
 */
const GENERIC: Array<[RegExp, string]> = [
  // A SigV4 Authorization header's scope names the access key id.
  [/\b(Credential=)[A-Z0-9]{16,128}\b/g, '$1[redacted]'],
  [
    /\b((?:proxy-)?authorization|x-auth-key|x-auth-email|x-amz-security-token|cookie)(\\?["']?\s*[:=]\s*\\?["']?)[^"'\\\r\n,;}&]*/gi,
    '$1$2[redacted]',
  ],
  [/\b(bearer|basic)(?:\s+|%20|\+)[A-Za-z0-9\-._~+/%]+=*/gi, '$1 [redacted]'],
  [
    /\b(client_secret|clientSecret|client_assertion|access_token|accessToken|refresh_token|id_token|password|targetToken|sourceToken|secretAccessKey|sessionToken|aws_secret_access_key|aws_session_token)(\\?["']?\s*(?:=|:|%3D)\s*\\?["']?)[^&\s"'\\,;}]*/gi,
    '$1$2[redacted]',
  ],
];

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Above this length a secret is matched in its whole encoded forms only, not character by character. */
const PER_CHARACTER_MAX = 1024;

/**
 * One pattern that finds the secret however each character was written: as itself, percent-encoded
 * (once or twice, `+` for a space), or JSON-escaped (`\/`, `\"`, `\u002B` as .NET writes `+`).
 * Mixed forms match too, since every character has all its alternatives. Letters and digits are
 * never encoded by anyone, so they stay literal and a token made of them compiles to a plain pattern.
 */
function textPattern(secret: string): RegExp {
  const parts = [...secret].map((ch) => {
    if (/^[A-Za-z0-9]$/.test(ch)) return ch;
    const alts = new Set<string>([escapeRe(ch)]);
    const bytes = [...Buffer.from(ch, 'utf8')].map((b) => b.toString(16).padStart(2, '0'));
    alts.add(bytes.map((b) => `%${b}`).join(''));
    alts.add(bytes.map((b) => `%25${b}`).join(''));
    if (ch === ' ') alts.add('\\+');
    const units = [...Array(ch.length).keys()].map((i) => ch.charCodeAt(i).toString(16).padStart(4, '0'));
    alts.add(units.map((u) => `\\\\u${u}`).join(''));
    if (ch === '"' || ch === '\\' || ch === '/') alts.add(`\\\\${escapeRe(ch)}`);
    return `(?:${[...alts].join('|')})`;
  });
  return new RegExp(parts.join(''), 'gi');
}

/**
 * The secret base64- or base64url-encoded, alone or inside a longer encoded value (`Basic
 * base64(id:secret)`): at each of the three byte alignments, the characters that depend on the
 * secret's bytes only. Base64 is case-sensitive, so these match exactly.
 */
function base64Patterns(secret: string): RegExp[] {
  const bytes = Buffer.from(secret, 'utf8');
  const cores = new Set<string>();
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    const head = offset === 0 ? 0 : offset === 1 ? 2 : 3;
    const tail = (offset + bytes.length) % 3 === 0 ? 0 : 1;
    const core = encoded.slice(head, encoded.length - tail);
    if (core.length >= 6) {
      cores.add(core);
      cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...cores].map((c) => new RegExp(escapeRe(c), 'g'));
}

/** A long secret (a JWT can be several KB) in its whole encoded forms, each a literal pattern. */
function wholeFormPatterns(secret: string): RegExp[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = new Set([
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    new URLSearchParams({ s: secret }).toString().slice(2),
    encodeURIComponent(encodeURIComponent(secret)),
    json,
    json.replace(/\//g, '\\/'),
  ]);
  return [...forms].map((f) => new RegExp(escapeRe(f), 'gi'));
}

/** No encoded form of `secret` is shorter than this (its characters, or its shortest base64 core). */
function shortestForm(secret: string): number {
  const chars = [...secret].length;
  return Math.min(chars, Math.max(6, Math.floor((4 * Buffer.byteLength(secret)) / 3) - 4));
}

function secretPatterns(secret: string): RegExp[] {
  const text = secret.length <= PER_CHARACTER_MAX ? [textPattern(secret)] : wholeFormPatterns(secret);
  return [...text, ...base64Patterns(secret)];
}

/** The longest credential field the contract accepts (a bearer token, 16 KiB), with room to spare. */
const MAX_SECRET_LENGTH = 64 * 1024;

/**
 * Request body fields that hold credentials, at the top of a body or inside one of its objects
 * (`source: { secretAccessKey }`): the logger never prints them, and whatever answers the request is
 * scrubbed of their values. Ids count too: they say whose account it is.
 */
export const CREDENTIAL_FIELDS = [
  'targetToken',
  'sourceToken',
  'clientSecret',
  'clientId',
  'tenantId',
  'accessKeyId',
  'secretAccessKey',
  'sessionToken',
  'authorization',
  'password',
  'token',
] as const;

/** Where a zone of a request body may hold a credential, as sent (nothing is checked yet). */
interface ZoneCredentials {
  axfr?: { tsig?: { secret?: unknown } };
  cloudflare?: { token?: unknown };
  from?: { tsig?: { secret?: unknown }; token?: unknown; credentials?: unknown };
}

/** The credential fields of a request body (and of its objects, one level down), for a last scrub of whatever answers that request. */
export function redactorFor(body: unknown, fields: readonly string[] = CREDENTIAL_FIELDS): Redactor {
  const redactor = new Redactor();
  const take = (value: unknown, depth: number) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    const record = value as Record<string, unknown>;
    for (const f of fields) {
      const v = record[f];
      // Longer than any credential the contract accepts: refused with a 400 that does not echo it.
      if (typeof v === 'string' && v.length <= MAX_SECRET_LENGTH) redactor.add(v);
    }
    if (depth === 0) for (const v of Object.values(record)) take(v, 1);
  };
  take(body, 0);
  // A zone's own source credentials (a zone transfer's TSIG key, another account's token, or any of them
  // in its `from`), in `zones[]`.
  const zones = (body as { zones?: unknown } | null)?.zones;
  if (Array.isArray(zones)) {
    for (const zone of zones.slice(0, 1000) as unknown[]) {
      const z = zone as ZoneCredentials | null;
      const from = z?.from;
      for (const secret of [z?.axfr?.tsig?.secret, z?.cloudflare?.token, from?.tsig?.secret, from?.token]) {
        if (typeof secret === 'string' && secret.length <= MAX_SECRET_LENGTH) redactor.add(secret);
      }
      take(from?.credentials, 1);
    }
  }
  return redactor;
}

/** An error as a log field, every message and stack of its cause chain scrubbed. */
export function scrubbedError(err: unknown, redactor: Redactor): { type: string; message: string; stack?: string } {
  if (!(err instanceof Error)) return { type: typeof err, message: redactor.scrub(String(err)) };
  const messages: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) messages.push(e.message);
  return {
    type: err.name,
    message: redactor.scrub(messages.join('; caused by: ')),
    ...(err.stack ? { stack: redactor.scrub(err.stack) } : {}),
  };
}
