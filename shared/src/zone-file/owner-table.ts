/**
 * Values by owner name, for the hundred thousand names of a large zone file: a hash table of its
 * own (open addressing over an Int32Array). A Map keyed by as many fresh strings cost a fifth of
 * reading the bench's 100,000-line zone; this costs a few percent. Names are added once each.
 */
export class OwnerTable<T> {
  private mask = 1023;
  /**
   * Two numbers a slot: the place of its name plus one (0: empty) and the name's hash. A probe reads
   * the hash beside the place, in the same cache line, and looks at a name only when the hashes
   * agree: most lookups are of a name not in the table yet, and cost one miss, not three.
   */
  private slots = new Int32Array(2048);
  private readonly names: string[] = [];
  private readonly values: T[] = [];
  /** The last name asked for, its hash and its place (-1: absent): the lines of one owner come together. */
  private lastName: string | null = null;
  private lastHash = 0;
  private lastAt = -1;

  get(name: string): T | undefined {
    const at = this.find(name);
    return at < 0 ? undefined : this.values[at];
  }

  /** A name not in the table yet, and its value. */
  add(name: string, value: T): void {
    if (this.find(name) >= 0) throw new Error(`${name} is in the table already`);
    const at = this.names.length;
    this.names.push(name);
    this.values.push(value);
    if (at * 2 >= this.mask) this.grow();
    this.place(at, this.lastHash);
    this.lastAt = at;
  }

  get size(): number {
    return this.names.length;
  }

  private find(name: string): number {
    if (name === this.lastName) return this.lastAt;
    const h = hashOf(name);
    this.lastName = name;
    this.lastHash = h;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const at = (this.slots[2 * i] as number) - 1;
      if (at < 0 || (this.slots[2 * i + 1] === h && this.names[at] === name)) return (this.lastAt = at);
    }
  }

  private place(at: number, hash: number): void {
    let i = hash & this.mask;
    while (this.slots[2 * i] !== 0) i = (i + 1) & this.mask;
    this.slots[2 * i] = at + 1;
    this.slots[2 * i + 1] = hash;
  }

  /** Twice the room once half full: a name is found within a few probes. */
  private grow(): void {
    const old = this.slots;
    this.mask = this.mask * 2 + 1;
    this.slots = new Int32Array(2 * (this.mask + 1));
    for (let i = 0; i < old.length; i += 2) if (old[i] !== 0) this.place((old[i] as number) - 1, old[i + 1] as number);
  }
}

/** Where the hashes start, drawn once: names chosen to collide for one start do not for another. */
const SEED = (Math.random() * 0x100000000) >>> 0;

/** FNV-1a over the name's characters, from a random start. */
function hashOf(s: string): number {
  let h = 0x811c9dc5 ^ SEED;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}
