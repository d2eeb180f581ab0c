/**
 * Credentials must not reach an error body, an event or a log, yet providers echo them: Entra ID
 * names the app id, ARM the client and object id, an upstream may echo the form it received
 * (`client_secret=a%2Bb%2F…`) or the `Authorization` header. A Redactor holds what must be hidden
 * for one request and scrubs any text, in every encoding an echo can take, before it leaves the
 * adapter; the error handler scrubs once more with the request's own credential fields.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  private patterns: RegExp[] | undefined;

  constructor(values: Array<string | undefined> = []) {
    this.add(...values);
  }

  add(...values: Array<string | undefined>): void {
    for (const v of values) {
      if (v && v.trim().length >= 4 && !this.secrets.has(v.trim())) {
        this.secrets.add(v.trim());
        this.patterns = undefined;
      }
    }
  }

  scrub(text: string): string {
    this.patterns ??= [...this.secrets].sort((a, b) => b.length - a.length).flatMap(secretPatterns);
    let out = text;
    // Longest first, so a token that contains an id is hidden whole.
    for (const re of this.patterns) out = out.replace(re, '[redacted]');
    for (const [re, replacement] of GENERIC) out = out.replace(re, replacement);
    return out;
  }
}

/**
 * Credential-shaped text whatever its value: header echoes, bearer/basic schemes, and OAuth form or
 * JSON fields. The quote and `\` in the separators let a JSON-escaped echo match too.
 */
const GENERIC: Array<[RegExp, string]> = [
  [/\b((?:proxy-)?authorization|x-auth-key|x-auth-email|cookie)(\\?["']?\s*[:=]\s*\\?["']?)[^"'\\\r\n,;}&]*/gi, '$1$2[redacted]'],
  [/\b(bearer|basic)(?:\s+|%20|\+)[A-Za-z0-9\-._~+/%]+=*/gi, '$1 [redacted]'],
  [
    /\b(client_secret|clientSecret|client_assertion|access_token|accessToken|refresh_token|id_token|password|targetToken|sourceToken)(\\?["']?\s*(?:=|:|%3D)\s*\\?["']?)[^&\s"'\\,;}]*/gi,
    '$1$2[redacted]',
  ],
];

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * One pattern that finds the secret however each character was written: as itself, percent-encoded
 * (once or twice, `+` for a space), or JSON-escaped (`\/`, `\"`, `\u002B` as .NET writes `+`).
 * Mixed forms match too, since every character has all its alternatives.
 */
function textPattern(secret: string): RegExp {
  const parts = [...secret].map((ch) => {
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
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
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

function secretPatterns(secret: string): RegExp[] {
  return [textPattern(secret), ...base64Patterns(secret)];
}

/** The credential fields of a request body, for a last scrub of whatever answers that request. */
export function redactorFor(body: unknown, fields: readonly string[]): Redactor {
  const redactor = new Redactor();
  if (body !== null && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const f of fields) {
      const v = record[f];
      if (typeof v === 'string') redactor.add(v);
    }
  }
  return redactor;
}

/** An error as a log field, every message and stack of its cause chain scrubbed. */
export function scrubbedError(err: unknown, redactor: Redactor): { type: string; message: string; stack?: string } {
  if (!(err instanceof Error)) return { type: typeof err, message: redactor.scrub(String(err)) };
  const messages: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) messages.push(e.message);
  return { type: err.name, message: redactor.scrub(messages.join('; caused by: ')), ...(err.stack ? { stack: redactor.scrub(err.stack) } : {}) };
}
