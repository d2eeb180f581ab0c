import { createHmac, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The companion's identity: a random secret made at first start, and the browser extension origins
 * paired with it. Kept in one owner-only file (0600 in a 0700 folder), because whoever reads the
 * secret can pass for this companion. With no folder (`home: null`) it lives in memory only and is
 * gone when the process ends.
 */
export const IDENTITY_FILE = 'identity.json';

const StoredIdentitySchema = z.object({
  version: z.literal(1),
  secret: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  origins: z.array(z.string().max(200)).max(1000),
});
type StoredIdentity = z.infer<typeof StoredIdentitySchema>;

export interface Identity {
  /** A public name derived from the secret, shown so two companions can be told apart. */
  readonly companionId: string;
  /** The key an extension of this origin receives at pairing (HMAC of the secret and the origin). */
  keyFor(origin: string): Buffer;
  isPaired(origin: string): boolean;
  /** Registers an origin and writes the file before resolving. */
  addOrigin(origin: string): Promise<void>;
}

export const b64url = (buf: Buffer): string => buf.toString('base64url');
const hmac = (key: Buffer, text: string): Buffer => createHmac('sha256', key).update(text, 'utf8').digest();

function fromStored(stored: StoredIdentity, save: (s: StoredIdentity) => Promise<void>): Identity {
  const secret = Buffer.from(stored.secret, 'base64url');
  const origins = new Set(stored.origins);
  return {
    companionId: b64url(hmac(secret, 'dnsferry-id-v1')).slice(0, 12),
    keyFor: (origin) => hmac(secret, `dnsferry-pairing-key-v1\n${origin}`),
    isPaired: (origin) => origins.has(origin),
    async addOrigin(origin) {
      if (origins.has(origin)) return;
      origins.add(origin);
      await save({ ...stored, origins: [...origins] });
    },
  };
}

const fresh = (): StoredIdentity => ({ version: 1, secret: b64url(randomBytes(32)), origins: [] });

/** Loads the identity from `home` (creating folder, file and secret on first use), or keeps one in memory. */
export async function openIdentity(home: string | null): Promise<Identity> {
  if (home === null) return fromStored(fresh(), async () => undefined);
  const file = join(home, IDENTITY_FILE);
  await mkdir(home, { recursive: true, mode: 0o700 });
  await ownerOnly(home, 0o700);
  const save = async (s: StoredIdentity) => void (await writeOwnerOnly(file, s));
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (text === null) {
    const created = fresh();
    // 'wx': if another companion created it meanwhile, keep theirs.
    const made = await writeOwnerOnly(file, created, true);
    if (made) return fromStored(created, save);
    text = await readFile(file, 'utf8');
  }
  await ownerOnly(file, 0o600);
  let parsed: StoredIdentity;
  try {
    parsed = StoredIdentitySchema.parse(JSON.parse(text));
  } catch (err) {
    throw new Error(`the companion's identity file ${file} is damaged; delete it to start afresh (browsers will need to pair again)`, {
      cause: err,
    });
  }
  return fromStored(parsed, save);
}

/** Refuses a file another user owns; takes group/other permissions away from ours. */
async function ownerOnly(path: string, mode: number): Promise<void> {
  const st = await stat(path);
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) {
    throw new Error(`${path} belongs to another user; the companion keeps its identity only where no one else can write`);
  }
  if ((st.mode & 0o777) !== mode) await chmod(path, mode);
}

/** Writes through a 0600 temporary file and a rename, so a crash never leaves half a secret. */
async function writeOwnerOnly(file: string, value: StoredIdentity, exclusive = false): Promise<boolean> {
  const tmp = `${file}.${b64url(randomBytes(6))}.tmp`;
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (exclusive) {
    // link() fails if the file appeared meanwhile: two companions starting at once keep one secret.
    try {
      await link(tmp, file);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    } finally {
      await unlink(tmp);
    }
  }
  await rename(tmp, file);
  return true;
}
