/**
 * Values by owner name, for the hundred thousand names of a large zone file: a hash table of its
 * own (open addressing over an Int32Array). A Map keyed by as many fresh strings cost a fifth of
 * reading the bench's 100,000-line zone; this costs a few percent. Names are added once each.
 */
export class OwnerTable<T> {
  private mask = 1023;
  private slots = new Int32Array(1024);
  private readonly names: string[] = [];
  private readonly hashes: number[] = [];
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
    this.hashes.push(this.lastHash);
    this.values.push(value);
    if (at * 2 >= this.mask) this.grow();
    else this.place(at);
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
      const at = (this.slots[i] as number) - 1;
      if (at < 0 || (this.hashes[at] === h && this.names[at] === name)) return (this.lastAt = at);
    }
  }

  private place(at: number): void {
    let i = (this.hashes[at] as number) & this.mask;
    while (this.slots[i] !== 0) i = (i + 1) & this.mask;
    this.slots[i] = at + 1;
  }

  /** Twice the room once half full: a name is found within a few probes. */
  private grow(): void {
    this.mask = this.mask * 2 + 1;
    this.slots = new Int32Array(this.mask + 1);
    for (let at = 0; at < this.names.length; at++) this.place(at);
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
