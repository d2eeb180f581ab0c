import type { SourceValidateRequest, SourceZone, SourceZonesRequest } from '@dnsferry/shared';
import type { RefusedAction } from '@/jobs/run';
import type { ProviderAdvice } from '@/utils/error-sentence';
import type { OfferedZone, SourceRequestFields, ZoneRead } from '@/utils/source-side';

/*
 * A source the user fills in a form for (Azure DNS, Route 53, a zone transfer, another Cloudflare
 * account), described once: its fields, how they are laid out, and how they become the bodies the
 * companion reads (`/api/source/validate`, `/api/source/zones`, each zone of a migrate request). One
 * store (stores/source-form.ts) and one panel (components/SourcePanel.vue) serve every descriptor.
 */

/** The keys of each member of a union (`keyof` of a union gives only the keys they share). */
export type KeysOf<T> = T extends unknown ? keyof T & string : never;

/** A form's values, by the contract's field names. */
export type FormValues<F extends string> = Readonly<Record<F, string>>;

/** Text that may hold code spans (a command, a policy's name), as the panel shows it. */
export type RichText = ReadonlyArray<string | { code: string }>;

export interface FieldSpec<F extends string> {
  /** The contract's name of the field (the draft keeps it under that name too). */
  name: F;
  label: string;
  /** The input's test id, after the source's prefix (`az` + `tenant`: `az-tenant`). */
  testid: string;
  hint?: RichText;
  placeholder?: string;
  /** Masked as it is typed. */
  secret?: boolean;
  numeric?: boolean;
  /** A choice among these (a select, or the sign-in methods' radios); the first is the default. */
  options?: readonly string[];
  /** Must be filled before the source can be asked (the Connect button). */
  required?: boolean;
  /**
   * Kept in the session draft (`storage.session`, memory only) for a reopened popup. A field that is not
   * kept (a TSIG secret, another account's token) lives in the open popup only.
   */
  kept: boolean;
}

/** Fields side by side in a grid of `columns`, in a fieldset when there is a `legend`; a lone field takes the row. */
export interface FieldRow<F extends string> {
  fields: readonly F[];
  columns?: string;
  legend?: { text: string; hint: string };
}

/** One way to sign in (Azure: a service principal, or a token): the value of the method field and the rows it shows. */
export interface SignInMethod<F extends string> {
  value: string;
  label: string;
  testid: string;
  rows: readonly FieldRow<F>[];
}

/** What the panel needs of a source: what it shows and what it asks for. */
export interface SourceForm<F extends string> {
  /** The source's chip. */
  label: string;
  /** The prefix of the panel's test ids (`az`, `r53`, `axfr`, `cf-source`). */
  testid: string;
  lead?: RichText;
  fields: readonly FieldSpec<F>[];
  /** The rows of fields; or, when the source has several ways to sign in (`methods`), the chosen one's. */
  rows?: readonly FieldRow<F>[];
  methods?: { field: F; choices: readonly SignInMethod<F>[] };
  /** Where the credentials live, said under the form. */
  note: string;
  /**
   * `listed`: the credentials are checked, then the provider lists its zones to choose from.
   * `named`: the user names the zones, and each is read with what the form says.
   */
  zones: 'listed' | 'named';
}

/** A source whose zones the companion lists (Azure DNS, Route 53). */
export interface ListedSource<F extends string> extends SourceForm<F> {
  zones: 'listed';
  /** What the header says was held back when the companion is not the paired one ("Azure credentials"). */
  credentialsName: RefusedAction;
  advice: ProviderAdvice;
  /** The credentials, as `/api/source/validate` takes them. */
  validateBody(values: FormValues<F>): SourceValidateRequest;
  /** Azure: the credentials see subscriptions, and one is chosen before its zones are listed. */
  subscriptions: boolean;
  /** The `/api/source/zones` body for the credentials (and the chosen subscription). */
  zonesBody(values: FormValues<F>, subscriptionId: string): SourceZonesRequest;
  /** What is said when nothing was found: no subscription (Azure), no zone. */
  none: { subscriptions?: string; zones: string };
  /** A chosen zone, as it goes into a migrate (or cutover) request. */
  offer(zone: SourceZone): OfferedZone;
  /** What the request adds to read the zones offered by name: the credentials, named as the contract names them. */
  request(values: FormValues<F>, subscriptionId: string): SourceRequestFields;
  scope(subscriptionId: string): string;
  hint(chosen: number): string;
}

/** A source whose zones the user names, each read with what the form says (a zone transfer, another account). */
export interface NamedSource<F extends string> extends SourceForm<F> {
  zones: 'named';
  /** How each named zone is read, or the first thing wrong with the form. */
  read(values: FormValues<F>, names: readonly string[]): { value: ZoneRead | null; error: string | null };
  scope(read: ZoneRead | null): string;
  hint(read: ZoneRead | null, names: readonly string[]): string;
}

export type SourceDescriptor<F extends string> = ListedSource<F> | NamedSource<F>;

/** The rows a form shows for `values`: its own, or those of the chosen way to sign in. */
export function rowsOf<F extends string>(form: SourceForm<F>, values: FormValues<F>): readonly FieldRow<F>[] {
  if (!form.methods) return form.rows ?? [];
  const chosen = values[form.methods.field];
  return (form.methods.choices.find((m) => m.value === chosen) ?? form.methods.choices[0])?.rows ?? [];
}

/** The form can be sent: every required field it shows is filled. */
export function formFilled<F extends string>(form: SourceForm<F>, values: FormValues<F>): boolean {
  const required = new Set(form.fields.filter((f) => f.required).map((f) => f.name));
  return rowsOf(form, values).every((row) => row.fields.every((f) => !required.has(f) || values[f].trim() !== ''));
}
