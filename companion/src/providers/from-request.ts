import type { FromOf, ProviderFrom } from '@dnsferry/shared';
import type { ReadOptions, Source } from '../engine/ports';
import { PROVIDERS } from './index';
import type { ProviderDeps, SourceRole } from './provider';

type Kind = ProviderFrom['kind'];

/** Each kind of `from` that a provider reads, and its provider's source: the table proves every kind has one. */
const SOURCES: { [K in Kind]: { source: SourceRole<FromOf<K>> } } = PROVIDERS;

/**
 * The source of a migrate (or cutover) request: each zone is read by the provider its `from` names
 * (`from.kind` is the provider's name in the table), that provider's source opened for the request when
 * a zone first needs it.
 */
export function sourceFor(deps: ProviderDeps): Source {
  // each kind's source, as its provider opened it (a source's zone is typed by its kind alone)
  const opened = new Map<Kind, Source<never>>();
  function read<K extends Kind>(kind: K, zone: Parameters<Source<FromOf<K>>['readZone']>[0], opts: ReadOptions) {
    let source: Source<FromOf<K>> | undefined = opened.get(kind);
    if (!source) {
      source = SOURCES[kind].source.open(deps);
      opened.set(kind, source);
    }
    return source.readZone(zone, opts);
  }
  return { readZone: (zone, opts) => read(zone.from.kind, zone, opts) };
}
