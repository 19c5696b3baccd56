/**
 * Reading the admin's server-rendered forms as a browser would submit them: the fields a form holds
 * (its CSRF token and version among them) with the HTML escaping of attribute values undone.
 */

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

/** The form's inputs (a later one of the same name wins, as in FormData's last value) and selected options. */
export function formFields(html: string, action: string): Record<string, string> {
  const form = formHtml(html, action);
  const fields: Record<string, string> = {};
  for (const [, name, value] of form.matchAll(/<input[^>]*?name="([^"]+)"[^>]*?value="([^"]*)"/g)) fields[name!] = unescapeAttribute(value!);
  for (const [, name, value] of form.matchAll(/<select[^>]*?name="([^"]+)"[^>]*>[\s\S]*?<option value="([^"]*)" selected/g)) fields[name!] = unescapeAttribute(value!);
  return fields;
}

/** The version (`_etag`) the form posting to `action` carries. */
export function etagOf(html: string, action: string): string {
  const etag = formFields(html, action)._etag;
  if (etag === undefined) throw new Error(`the form posting to ${action} carries no version`);
  return etag;
}
