/*
 * Choosing among the zones a provider listed (Azure DNS, Route 53): the chosen names, as a new list
 * each time so the stores' refs see the change.
 */

/** `chosen` with `name` added, or taken out when it was there. */
export function toggleName(chosen: readonly string[], name: string): string[] {
  return chosen.includes(name) ? chosen.filter((z) => z !== name) : [...chosen, name];
}

/** Every zone, or none when every one is already chosen. */
export function toggleAll(chosen: readonly string[], zones: ReadonlyArray<{ name: string }>): string[] {
  return chosen.length === zones.length ? [] : zones.map((z) => z.name);
}
