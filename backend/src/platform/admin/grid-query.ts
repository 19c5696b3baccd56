/**
 * Building blocks of the admin's filtered grids (products, orders, customers, CMS pages, posts):
 * the query a link keeps, a sortable column's header, a select's option, the page sizes on offer
 * and a date filter's day.
 */
import { html } from 'hono/html';
import { z } from 'zod';

/** Rows per page a grid offers; 50 unless asked. */
export const PageSize = z.coerce.number().pipe(z.union([z.literal(20), z.literal(50), z.literal(100)])).catch(50);
export const pageSizes = [20, 50, 100];

/** What a link keeps of a grid's state: what differs from the defaults (so a plain grid's links stay plain). */
export function gridQuery<F extends Record<string, unknown>>(filters: F, defaults: Partial<F>, change: Partial<F> = {}): Record<string, string> {
  const next = { ...filters, ...change };
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => value !== '' && defaults[key as keyof F] !== value).map(([key, value]) => [key, String(value)]));
}

/** A column header that sorts by `key` (again: the other way), saying how the grid is sorted now. */
export function sortHeader(sort: string, key: string, label: string, linkTo: (sort: string) => Record<string, string>) {
  const current = sort.replace('-', '') === key;
  const next = current && !sort.startsWith('-') ? `-${key}` : key;
  const state = current ? (sort.startsWith('-') ? 'descending' : 'ascending') : 'none';
  return html`<th aria-sort="${state}"><a href="?${new URLSearchParams(linkTo(next)).toString()}">${label}</a></th>`;
}

export const option = (value: string, label: string, chosen: string | number) => html`<option value="${value}" ${String(chosen) === value ? 'selected' : ''}>${label}</option>`;

/** A calendar day typed in a grid's date field, or nothing (a bad one is ignored, not an error). */
export const GridDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  // Date.parse rolls 2026-02-31 over to March: only a day that reads back the same is one.
  .refine((day) => new Date(Date.parse(`${day}T00:00:00Z`) || 0).toISOString().slice(0, 10) === day)
  .or(z.literal(''))
  .catch('');
