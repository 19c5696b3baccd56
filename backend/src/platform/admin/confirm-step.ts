import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from './admin-env.ts';
import { csrfField } from './layout.ts';
import { renderPage } from './page.ts';

/** The field a confirmation page adds to the form it sends again: its presence is the "yes". */
const confirmedField = 'confirmed';

/** Whether a destructive form was sent from its confirmation page (not straight from its button). */
export const isConfirmed = (fields: Record<string, string | string[]>) => fields[confirmedField] === 'yes';

export interface ConfirmStep {
  /** The question, naming what will happen: "Delete Aurora Lamp (SKU AUR-1)?". */
  question: string;
  /** What follows from it, in a sentence or two (what stays, whether it can be undone). */
  consequence: string;
  /** Where the confirmed form goes: the same action the destructive button posted to. */
  action: string;
  /** The fields the first form sent, sent again unchanged (the CSRF token is added afresh). */
  fields: Record<string, string | string[]>;
  /** The dangerous button's words: the action itself ("Delete the product"), never "OK". */
  confirmLabel: string;
  /** Where "keep it" leads back to, with nothing changed. */
  cancelHref: string;
}

/**
 * The step between a destructive button and what it does: a page asking once, naming what will happen,
 * with the action as a red button and a way back that changes nothing. A page rather than a script
 * dialog, so it asks the same with JavaScript off (the B2B rule delete asks the same way); the first
 * post changes nothing, so a stray click or a replayed request without `confirmed` is harmless.
 */
export function confirmPage(c: Context<AdminEnv>, step: ConfirmStep) {
  const hidden = Object.entries(step.fields)
    .filter(([name]) => name !== '_csrf' && name !== confirmedField)
    .flatMap(([name, value]) => [value].flat().map((one) => html`<input type="hidden" name="${name}" value="${one}" />`));
  return renderPage(
    c,
    step.question,
    html`<form method="post" action="${step.action}" class="confirm-step">
      ${csrfField(c.var.csrfToken)}${hidden}<input type="hidden" name="${confirmedField}" value="yes" />
      <p>${step.consequence}</p>
      <p><button type="submit" class="danger">${step.confirmLabel}</button> <a href="${step.cancelHref}">Cancel, change nothing</a></p>
    </form>`,
  );
}
