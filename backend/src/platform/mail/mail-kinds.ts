/**
 * What each kind of email is, in the merchant's words (issue 33 item 8: the Mail page showed
 * `b2b_registration_approved`). The kinds are the code's names (filterable in the API); a kind
 * written after this list falls back to its name with spaces, and the template test fails until it
 * is named here.
 */
export const mailKindWords: Readonly<Record<string, string>> = {
  order_confirmation: 'Order confirmation',
  order_shipped: 'Order shipped',
  order_refunded: 'Order refunded',
  order_link: 'Add earlier orders to an account',
  password_reset: 'Password reset',
  account_opened: 'Account opened by the shop',
  email_changed: 'Account email changed',
  admin_password_reset: 'Admin password reset',
  customer_approval_pending: 'Account awaiting approval',
  customer_approval_approved: 'Account approved',
  customer_approval_rejected: 'Account not approved',
  customer_approval_admin_notice: 'New account to review (to the shop)',
  b2b_registration_approved: 'Trade account approved',
  b2b_registration_declined: 'Trade application declined',
  custom_form_submission: 'Form submission (to the shop)',
};

export function mailKindLabel(kind: string): string {
  const words = mailKindWords[kind];
  if (words) return words;
  const spaced = kind.replaceAll('_', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
