import { accountSource } from './account';
import { azureSource } from './azure';
import { route53Source } from './route53';
import { transferSource } from './transfer';

/**
 * The sources filled in by a form, one descriptor each, in the order their chips show. A new one is a
 * file beside these and a row here: stores/source-form.ts gives it a store, SourcePanel.vue its panel.
 */
export const SOURCE_FORMS = {
  azure: azureSource,
  route53: route53Source,
  transfer: transferSource,
  account: accountSource,
} as const;
export type FormKind = keyof typeof SOURCE_FORMS;
export const FORM_KINDS = Object.keys(SOURCE_FORMS) as FormKind[];
