/** What a refused form on the admin product page typed, to show again: the main form's, or a type's section's. */
import type { MainFormState } from '../products/admin/main-form.ts';
import type { VariantFormState } from './configurable/admin-variant-form.ts';
import type { AttributesFormState } from './configurable/admin-attributes-form.ts';
import type { MembersFormState } from './grouped/admin-form.ts';
import type { BundleFormState } from './bundle/admin-form.ts';
import type { LinksFormState } from './downloadable/admin-form.ts';
import type { GiftcardFormState } from './giftcard/admin-form.ts';

export interface ChildForms {
  main?: MainFormState;
  variant?: VariantFormState;
  members?: MembersFormState;
  bundle?: BundleFormState;
  links?: LinksFormState;
  giftcard?: GiftcardFormState;
  attributes?: AttributesFormState;
}
