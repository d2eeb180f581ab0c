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
  /** Read from the file whenever it changed: another companion on this home may have paired it, or it was revoked. */
  isPaired(origin: string): Promise<boolean>;
  /** The paired origins, as the file holds them now. */
  origins(): Promise<string[]>;
  /** Registers an origin and writes the file before resolving, keeping what other companions wrote. */
  addOrigin(origin: string): Promise<void>;
  /** Forgets an origin (its extension must pair again); false when it was not paired. */
  removeOrigin(origin: string): Promise<boolean>;
}

export const b64url = (buf: Buffer): string => buf.toString('base64url');
const hmac = (key: Buffer, text: string): Buffer => createHmac('sha256', key).update(text, 'utf8').digest();

/** Where the origins are kept: memory only, or the file, re-read when it changed and updated under a lock. */
interface OriginStore {
  read(): Promise<Set<string>>;
  update(change: (origins: Set<string>) => boolean): Promise<boolean>;
}

function fromStored(stored: StoredIdentity, store: OriginStore): Identity {
  const secret = Buffer.from(stored.secret, 'base64url');
  return {
    companionId: b64url(hmac(secret, 'dnsferry-id-v1')).slice(0, 12),
    keyFor: (origin) => hmac(secret, `dnsferry-pairing-key-v1\n${origin}`),
    isPaired: async (origin) => (await store.read()).has(origin),
    origins: async () => [...(await store.read())],
    async addOrigin(origin) {
      await store.update((o) => !o.has(origin) && Boolean(o.add(origin)));
    },
    removeOrigin: (origin) => store.update((o) => o.delete(origin)),
  };
}

function inMemory(stored: StoredIdentity): OriginStore {
  const origins = new Set(stored.origins);
  return { read: async () => origins, update: async (change) => change(origins) };
}

function onDisk(file: string, parse: (text: string) => StoredIdentity): OriginStore {
  let cache: { ino: number; mtimeMs: number; size: number; origins: Set<string> } | null = null;
  const load = async (): Promise<StoredIdentity> => parse(await readFile(file, 'utf8'));
  return {
    async read() {
      // Every write is a rename of a new file: a new inode tells a change even within one mtime tick.
      const st = await stat(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null; // deleted by hand: every pairing is gone
        throw err;
      });
      if (!st) return new Set<string>();
      if (cache?.ino === st.ino && cache.mtimeMs === st.mtimeMs && cache.size === st.size) return cache.origins;
      const origins = new Set((await load()).origins);
      cache = { ino: st.ino, mtimeMs: st.mtimeMs, size: st.size, origins };
      return origins;
    },
    async update(change) {
      // Read, change and write under the lock, so companions sharing this home keep each other's origins.
      return withLock(`${file}.lock`, async () => {
        const stored = await load();
        const origins = new Set(stored.origins);
        const changed = change(origins);
        if (changed) await writeOwnerOnly(file, { ...stored, origins: [...origins] });
        cache = null;
        return changed;
      });
    },
  };
}

const fresh = (): StoredIdentity => ({ version: 1, secret: b64url(randomBytes(32)), origins: [] });

/** Loads the identity from `home` (creating folder, file and secret on first use), or keeps one in memory. */
export async function openIdentity(home: string | null): Promise<Identity> {
  if (home === null) {
    const made = fresh();
    return fromStored(made, inMemory(made));
  }
  const file = join(home, IDENTITY_FILE);
  await mkdir(home, { recursive: true, mode: 0o700 });
  await ownerOnly(home, 0o700);
  const parse = (text: string): StoredIdentity => {
    try {
      return StoredIdentitySchema.parse(JSON.parse(text));
    } catch (err) {
      throw new Error(`the companion's identity file ${file} is damaged; delete it to start afresh (browsers will need to pair again)`, {
        cause: err,
      });
    }
  };
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
    if (made) return fromStored(created, onDisk(file, parse));
    text = await readFile(file, 'utf8');
  }
  await ownerOnly(file, 0o600);
  return fromStored(parse(text), onDisk(file, parse));
}

const LOCK_STALE_MS = 10_000;
const LOCK_WAIT_MS = 25;
const LOCK_GIVE_UP_MS = 5_000;

/**
 * Runs `work` while holding `lock` (a file made with O_EXCL). A lock older than LOCK_STALE_MS is
 * left by a companion that died while writing, and is taken over.
 */
async function withLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = await stat(lock).then(
      (st) => Date.now() - st.mtimeMs,
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return 0; // released meanwhile: try again at once
        throw err;
      },
    );
    if (held > LOCK_STALE_MS) {
      await unlink(lock).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err; // ENOENT: another companion took it over first
      });
    } else if (Date.now() - started > LOCK_GIVE_UP_MS) throw new Error(`${lock} stays locked: is another companion stuck writing?`);
    else await new Promise((r) => setTimeout(r, LOCK_WAIT_MS));
  }
  try {
    return await work();
  } finally {
    await unlink(lock);
  }
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
