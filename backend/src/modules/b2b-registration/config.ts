import { z } from 'zod';
import { field } from '../../platform/modules/config-fields.ts';

/** A form code as Custom Forms names forms. */
const formCode = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, 'A form code: letters, digits, "-" and "_".');

/** A form field key (the payload's attribute name). */
const fieldKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][\w.-]{0,63}$/, 'A field key: letters, digits, "_", "-" and ".", starting with a letter.');

/**
 * The customer attributes a form field can fill. `firstName` and `lastName` go onto the account (`fullName`
 * is split at its last space when they are not mapped); the
 * others (the core account has no such columns) are kept on the application as the applicant's trade
 * details, shown to the admin with it.
 */
export const customerAttributes = ['fullName', 'firstName', 'lastName', 'company', 'taxvat', 'telephone', 'street', 'city', 'postcode', 'region', 'countryId', 'website'] as const;
export type CustomerAttribute = (typeof customerAttributes)[number];

/** B2B Registration configuration: DECISIONS.md 39 exactly. */
export const registrationConfigSchema = z.object({
  enabled: field(z.boolean().default(false), { label: 'Enabled', help: 'Master switch. Off: submissions are not turned into applications (applications already made can still be decided).' }),
  formCodes: field(z.array(formCode).max(20).default([]), { label: 'Trade-application form codes', help: 'Only submissions of these Custom Forms forms start an application.' }),
  emailFieldKey: field(fieldKey.default('email'), { label: 'Email field key', help: "The form field carrying the applicant's email." }),
  b2bGroupId: field(z.number().int().min(1, 'Group 0 is NOT LOGGED IN (guests); choose a customer group.').max(2_147_483_647).default(1), {
    label: 'B2B customer group (on approval)',
    help: 'The group an approved applicant joins (not NOT LOGGED IN).',
    picker: 'customerGroups',
  }),
  overrideMap: field(z.record(fieldKey, z.enum(customerAttributes)).default({}), {
    label: 'Override map (JSON)',
    help: `Form field key → customer attribute, e.g. {"company_name": "company"}. Attributes: ${customerAttributes.join(', ')}.`,
  }),
});

export type RegistrationConfig = z.infer<typeof registrationConfigSchema>;
