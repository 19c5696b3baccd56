import { renderTemplate, shopText, type MailTemplate } from '../../../platform/mail/template.ts';
import type { ModuleContext } from '../../../platform/modules/context.ts';
import type { RegistrationConfig } from '../config.ts';

type Ctx = ModuleContext<RegistrationConfig>;

/** The approval email of an account made for the application: its first password through a week-long link. */
const approvedNewAccount: MailTemplate = {
  subject: 'Your trade account at {{storeName}} is approved',
  body: `Hello {{name}},

your trade account application at {{storeName}} has been approved. Choose your password here to sign in:

{{link}}

The link works once and expires in 7 days. After that, use "Forgot your password?" on the sign-in page.
{{note}}
{{storeName}}`,
};

/** The approval email of an existing account: it already has a password. */
const approvedExistingAccount: MailTemplate = {
  subject: 'Your trade account at {{storeName}} is approved',
  body: `Hello {{name}},

your trade account application at {{storeName}} has been approved. Sign in as usual to see your trade prices:

{{link}}
{{note}}
{{storeName}}`,
};

const declined: MailTemplate = {
  subject: 'Your trade account application at {{storeName}}',
  body: `Hello {{name}},

thank you for applying for a trade account at {{storeName}}. We are sorry: we cannot approve your application.
{{note}}
{{storeName}}`,
};

export const registrationTemplates = { approvedNewAccount, approvedExistingAccount, declined };

async function storeOf(ctx: Ctx, storeCode: string): Promise<{ id: number; name: string; code: string } | undefined> {
  return (await ctx.stores.byCode(storeCode)) ?? (await ctx.stores.defaultStore());
}

/**
 * An applicant's email, sent for the store view they applied in (its name, sender and storefront
 * origin), through the outbox in the open transaction. The admin's note, when given, is quoted.
 */
export async function mailApplicant(
  ctx: Ctx,
  message: { kind: string; template: MailTemplate; to: string; name: string; storeCode: string; note: string | null; link?: (storeCode: string) => string },
): Promise<void> {
  const store = await storeOf(ctx, message.storeCode);
  const storeCode = store?.code ?? message.storeCode;
  const vars = {
    name: message.name,
    storeName: store?.name ?? '',
    link: shopText(message.link ? message.link(storeCode) : ctx.mailer.storefrontUrl('/login', storeCode)),
    note: message.note ? `\n${message.note}\n` : '',
  };
  await ctx.mailer.send({ kind: message.kind, to: message.to, storeId: store?.id, ...renderTemplate(message.template, vars) });
}
