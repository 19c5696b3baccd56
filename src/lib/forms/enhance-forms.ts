/**
 * The browser half of Custom Forms (SPEC.md: the `data-shop-form` marker lets the storefront hydrate
 * the same form): with scripts on, a form submits to the headless API through the store's `/api`
 * proxy instead of posting the page, shows each error beside its field and the success message in
 * place of the form, and announces both (role=alert / role=status). One submission at a time; the
 * markup and the no-JS path stay as they are when this script does not run.
 */
import { formOutcome, type FormOutcome } from './outcome.ts';
import { captchaTokenOf, payloadOf } from './payload.ts';

const SUBMIT_URL = '/api/custom-form-submissions';

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

interface FieldOf {
  key: string;
  type: string;
}

/** The fields of the rendered form, read back from its controls' `data-field-type`. */
function fieldsOf(form: HTMLFormElement): FieldOf[] {
  const seen = new Map<string, string>();
  for (const control of form.querySelectorAll<HTMLInputElement>('[data-field-type]')) seen.set(control.name, control.dataset.fieldType ?? 'text');
  return [...seen].map(([key, type]) => ({ key, type }));
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

async function submit(form: HTMLFormElement): Promise<void> {
  const data = new FormData(form);
  const honeypot = form.querySelector<HTMLInputElement>('[data-honeypot]');
  const body = {
    formCode: String(data.get('form_code') ?? ''),
    payload: payloadOf(fieldsOf(form), data),
    renderToken: String(data.get('render_token') ?? ''),
    hp: honeypot?.value ?? '',
    captchaToken: captchaTokenOf(data) ?? (await recaptchaToken(form).catch(() => undefined)),
  };
  let outcome: FormOutcome;
  try {
    const response = await fetch(SUBMIT_URL, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
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
