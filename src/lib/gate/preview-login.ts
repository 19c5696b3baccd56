/** The login form's POST: check the password, set the signed cookie, go back where the visitor was. */
import { constantTimeEqual } from '../sync/secret.ts';
import { safeNextPath } from './gate-policy.ts';
import { issuePreviewToken, previewCookie } from './preview-cookie.ts';

export type PreviewLoginResult = { kind: 'signed-in'; response: Response } | { kind: 'refused'; next: string };

export async function submitPreviewLogin(request: Request, password: string): Promise<PreviewLoginResult> {
  const form = await request.formData().catch((error: unknown) => {
    console.warn('preview login: unreadable form body:', error);
    return new FormData();
  });
  const next = safeNextPath(String(form.get('next') ?? ''));
  const offered = form.get('password');
  if (typeof offered !== 'string' || !(await constantTimeEqual(offered, password))) return { kind: 'refused', next };
  const secure = new URL(request.url).protocol === 'https:';
  return {
    kind: 'signed-in',
    // 303: the browser follows with a GET, so a reload does not resubmit the password.
    response: new Response(null, {
      status: 303,
      headers: { Location: next, 'Set-Cookie': previewCookie(await issuePreviewToken(password), secure), 'Cache-Control': 'no-store' },
    }),
  };
}
