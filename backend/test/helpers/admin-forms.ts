/**
 * Reading the admin's server-rendered forms as a browser would submit them: the fields a form holds
 * (its CSRF token and version among them) with the HTML escaping of attribute values undone.
 */
import { textContent } from 'domutils';
import { parsePage } from './html.ts';

/** Undoes the admin's escaping of attribute values (the version is a quoted ETag, so `&quot;` matters). */
export function unescapeAttribute(value: string): string {
  return value.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/** The HTML of the first form posting to exactly `action`. */
export function formHtml(html: string, action: string): string {
  const start = html.indexOf(`<form method="post" action="${action}"`);
  if (start < 0) throw new Error(`no form posts to ${action}`);
  return html.slice(start, html.indexOf('</form>', start) + '</form>'.length);
}

/**
 * The form's inputs that carry a value (a later one of the same name wins, as in FormData's last
 * value) and its selects' selected options, read from the parsed page.
 */
export function formFields(html: string, action: string): Record<string, string> {
  const page = parsePage(html);
  const form = page.all('form[method="post"]').find((candidate) => candidate.attribs.action === action);
  if (!form) throw new Error(`no form posts to ${action}`);
  const fields: Record<string, string> = {};
  for (const input of page.all('input[name][value]', form)) fields[input.attribs.name!] = input.attribs.value!;
  for (const select of page.all('select[name]', form)) {
    const chosen = page.all('option[selected]', select)[0];
    if (chosen) fields[select.attribs.name!] = chosen.attribs.value ?? '';
  }
  return fields;
}

/** The version (`_etag`) the form posting to `action` carries. */
export function etagOf(html: string, action: string): string {
  const etag = formFields(html, action)._etag;
  if (etag === undefined) throw new Error(`the form posting to ${action} carries no version`);
  return etag;
}

/**
 * What a browser submits for the form posting to `action` (FormData's last value of a name): its
 * inputs and those outside it that name it (`form="…"`), ticked boxes only, its textareas' text and
 * its selects' selected options. For a page whose one form holds every field (the product page).
 */
export function submittedFields(html: string, action: string): SubmittedFields {
  const page = parsePage(html);
  const form = page.all('form[method="post"]').find((candidate) => candidate.attribs.action === action);
  if (!form) throw new Error(`no form posts to ${action}`);
  const fields: Record<string, string> = {};
  const ticked: Record<string, string[]> = {};
  const inputs = [...page.all('input[name][value]', form), ...(form.attribs.id ? page.all(`input[name][value][form="${form.attribs.id}"]`) : [])];
  for (const input of inputs) {
    const box = input.attribs.type === 'checkbox';
    if ((box || input.attribs.type === 'radio') && input.attribs.checked === undefined) continue;
    if (box) ticked[input.attribs.name!] = [...(ticked[input.attribs.name!] ?? []), input.attribs.value!];
    else fields[input.attribs.name!] = input.attribs.value!;
  }
  for (const area of page.all('textarea[name]', form)) fields[area.attribs.name!] = textContent(area as never).replace(/^\n/, '');
  for (const select of page.all('select[name]', form)) {
    const chosen = page.all('option[selected]', select)[0];
    if (chosen) fields[select.attribs.name!] = chosen.attribs.value ?? '';
  }
  return { ...fields, ...ticked };
}

/** A form as submitted: a field's value, or a group of ticked boxes' values in order. */
export type SubmittedFields = Record<string, string | string[]>;
