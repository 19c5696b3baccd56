/**
 * The token of a set-password link (`/account/set-password?token=…`), or null when the URL has
 * none or it cannot be one (the backend issues 43 base64url characters; anything else is mangled,
 * e.g. cut by a mail client).
 */
export function passwordLinkToken(url: URL): string | null {
  const token = url.searchParams.get('token')?.trim() ?? '';
  return /^[\w-]{20,200}$/.test(token) ? token : null;
}
