/**
 * A grouped product's page: its members as a list of SKUs (one a line, a quantity after it if more
 * than one), a part of the product's one form, saved whole with the rest by its one Save
 * (products/admin/page-save.ts, `linkedProducts`) with the version the page was loaded at, so a
 * stale page is refused (409) rather than overwriting a newer change. A refused list shows its error
 * with the text kept.
 */
import { inArray } from 'drizzle-orm';
import { html } from 'hono/html';
import type { Db } from '../../../../platform/db/database.ts';
import { products } from '../../../../platform/db/schema/index.ts';
import type { z } from '@hono/zod-openapi';
import type { AdminProduct } from '../../products/service.ts';
import { GroupedMembers } from './members.ts';

export interface MembersFormState {
  typed: string;
  /** The version the form was loaded at. */
  etag: string;
  error?: string;
}

/** Members as typed: one SKU a line, a quantity after it if more than one ("TEE-1 2"); or what is wrong. */
export async function membersOf(db: Db, typed: string): Promise<Array<{ id: number; defaultQty: number }> | string> {
  const lines = typed.split(/\r?\n/).map((line) => line.trim().split(/\s+/)).filter((words) => words[0]);
  const skus = lines.map(([sku]) => sku!);
  const rows = skus.length === 0 ? [] : await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, skus));
  const unknown = skus.filter((sku) => !rows.some((row) => row.sku === sku));
  if (unknown.length > 0) return `No product has the SKU ${unknown.join(', ')}.`;
  const bad = lines.find(([, qty]) => qty !== undefined && !/^\d{1,5}$/.test(qty));
  if (bad) return `${bad[0]}: the quantity is a whole number.`;
  return lines.map(([sku, qty]) => ({ id: rows.find((row) => row.sku === sku)!.id, defaultQty: qty === undefined ? 1 : Number(qty) }));
}

/** The members as the textarea shows them. */
export const membersText = (members: ReadonlyArray<{ sku: string; defaultQty: number }>) => members.map((member) => (member.defaultQty === 1 ? member.sku : `${member.sku} ${member.defaultQty}`)).join('\n');

/** The section's field, inside the product's one form (products/admin/product-page.ts), saved by its one Save. */
export function membersForm(state: MembersFormState) {
  return html`<h2 id="members">Products it sells</h2>
      <label for="members-list">SKUs of simple or virtual products, one a line, in the order shown; a quantity after it if more than one (e.g. "TEE-1 2")</label>
      <textarea name="members" id="members-list" rows="6" ${state.error ? html`aria-invalid="true" aria-describedby="members-error"` : ''}>${state.typed}</textarea>
      ${state.error ? html`<strong class="error" id="members-error" role="alert">${state.error}</strong>` : ''}
`;
}

/** The typed list as the API's patch (empty: as saved, left alone), or the section's refusal. */
export async function membersPatch(db: Db, saved: AdminProduct, typed: string): Promise<{ patch: { linkedProducts?: z.infer<typeof GroupedMembers> } } | { refused: MembersFormState }> {
  if (typed.replace(/\r\n/g, '\n').trim() === membersText(saved.linkedProducts ?? []).trim()) return { patch: {} };
  const members = await membersOf(db, typed);
  if (typeof members === 'string') return { refused: { typed, etag: '', error: members } };
  const parsed = GroupedMembers.safeParse(members);
  if (!parsed.success) return { refused: { typed, etag: '', error: parsed.error.issues[0]?.message ?? 'Check the list.' } };
  return { patch: { linkedProducts: parsed.data } };
}
