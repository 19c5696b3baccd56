/** Helpers for the catalog's unit tests (test-only; nothing in the worker imports this). */

/** A filled-in form as the browser submits it; an array is a field sent once per value (checkboxes). */
export function form(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const one of [value].flat()) data.append(name, one);
  return data;
}
