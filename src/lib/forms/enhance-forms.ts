/**
 * The browser half of Custom Forms (SPEC.md: the `data-shop-form` marker lets the storefront hydrate
 * the same form): with scripts on, a form posts the same fields to the same storefront route as
 * without (`/customforms/form/submit`, asking for JSON: lib/forms/form-post.ts) instead of posting
 * the page, shows each error beside its field and the success message in place of the form, and
 * announces both (role=alert / role=status). Never the headless `/api/custom-form-submissions`: the
 * merchant may have switched that off (DECISIONS.md 51). One submission at a time; the markup and
 * the no-JS path stay as they are when this script does not run.
 */
import { FORM_ENDPOINT } from './form-view.ts';
import { formOutcome, type FormOutcome } from './outcome.ts';

/** reCAPTCHA v3's page API (its script is on the page when a form uses it, see captcha.ts). */
interface RecaptchaV3 {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** A reCAPTCHA v3 token for forms that use it (it has no widget to put one in the form). */
async function recaptchaToken(form: HTMLFormElement): Promise<string | undefined> {
  const slot = form.querySelector<HTMLElement>('[data-captcha="recaptcha"]');
  const recaptcha = (window as unknown as { grecaptcha?: RecaptchaV3 }).grecaptcha;
  if (!slot || !recaptcha) return undefined;
  await new Promise<void>((resolve) => recaptcha.ready(resolve));
  return recaptcha.execute(slot.dataset.sitekey ?? '', { action: 'submit' });
}

function showOutcome(form: HTMLFormElement, outcome: FormOutcome): void {
  const marker = form.closest<HTMLElement>('[data-shop-form]');
  if (outcome.ok && marker) {
    const message = document.createElement('p');
    message.className = 'notice';
    message.setAttribute('role', 'status');
    message.dataset.formSuccess = '';
    message.textContent = outcome.message;
    form.replaceWith(message);
    message.tabIndex = -1;
    message.focus();
    return;
  }
  let firstInvalid: HTMLElement | null = null;
  for (const wrapper of form.querySelectorAll<HTMLElement>('[data-field]')) {
    const key = wrapper.dataset.field ?? '';
    const error = outcome.errors[key] ?? '';
    const slot = wrapper.querySelector<HTMLElement>('[data-field-error]');
    if (slot) slot.textContent = error;
    for (const control of wrapper.querySelectorAll<HTMLElement>('input, select, textarea')) {
      if (error) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    }
    if (error && !firstInvalid) firstInvalid = wrapper.querySelector<HTMLElement>('input, select, textarea');
  }
  const alert = form.querySelector<HTMLElement>('[data-form-error]');
  if (alert) alert.textContent = outcome.message;
  firstInvalid?.focus();
}

/** The form's fields as the no-JS post sends them, plus a reCAPTCHA v3 token (it has no field of its own). */
async function bodyOf(form: HTMLFormElement): Promise<URLSearchParams> {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value);
  // The field name reCAPTCHA's v2 widget gives its token, which the route reads for every provider (payload.ts).
  if (!body.get('g-recaptcha-response')) {
    const token = await recaptchaToken(form).catch(() => undefined);
    if (token) body.set('g-recaptcha-response', token);
  }
  return body;
}

async function submit(form: HTMLFormElement): Promise<void> {
  let outcome: FormOutcome;
  try {
    const response = await fetch(FORM_ENDPOINT, { method: 'POST', headers: { Accept: 'application/json' }, body: await bodyOf(form) });
    outcome = formOutcome(response.status, await response.json().catch(() => null));
  } catch {
    outcome = formOutcome(0, null);
  }
  showOutcome(form, outcome);
}

function enhance(form: HTMLFormElement): void {
  if (form.dataset.enhanced) return;
  form.dataset.enhanced = 'true';
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (form.getAttribute('aria-busy') === 'true') return;
    form.setAttribute('aria-busy', 'true');
    if (button) button.disabled = true;
    void submit(form).finally(() => {
      form.removeAttribute('aria-busy');
      if (button) button.disabled = false;
    });
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>('[data-shop-form] form')) enhance(form);
