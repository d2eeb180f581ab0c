import { fqdn, plural } from '@dnsferry/shared';

/** Reports the first failures one by one, then only counts them, so a dead resolver is not 400 lines. */
export class FailureLog {
  static readonly SHOWN = 10;
  private count = 0;
  private readonly kinds = new Map<string, number>();
  /** The first failure, to explain a scan that got no answer at all. */
  first: string | undefined;

  constructor(private readonly zone: string) {}

  /** Records one failed query; returns the line to report, or null once enough were shown. */
  add(name: string, type: string, message: string, kind: string): string | null {
    this.count++;
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1);
    const line = `${fqdn(name, this.zone)} ${type}: ${message}`;
    this.first ??= line;
    if (this.count > FailureLog.SHOWN) return null;
    return `no answer for ${line}${this.count === FailureLog.SHOWN ? ' (further failures are counted, not listed)' : ''}`;
  }

  summary(): string[] {
    if (this.count <= FailureLog.SHOWN) return [];
    const kinds = [...this.kinds].map(([k, n]) => `${n} ${k}`).join(', ');
    return [`${plural(this.count, 'query', 'queries')} got no usable answer in all (${kinds}); the records of those names may be missing`];
  }
}
