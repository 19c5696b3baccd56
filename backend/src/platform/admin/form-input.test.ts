import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { formErrors, formField, formInput, parseForm } from './form-input.ts';

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('formInput', () => {
  const Page = z
    .object({
      title: z.string().trim().min(1, 'Give it a title.'),
      excerpt: z.string().default(''),
      author: z.string().optional(),
      position: z.number().int().min(0).default(0),
      parentId: z.number().int().nullable().default(null),
      isActive: z.boolean().default(true),
      tags: z.array(z.string().min(1)).default([]),
    })
    .strict();

  it('leaves a blank optional field unset, so the default applies, and keeps a blank required one for its message', () => {
    expect(formInput(Page, { title: '', excerpt: '', author: '', position: ' ' })).toEqual({ title: '', isActive: false });
    const parsed = parseForm(Page, { title: '', excerpt: '' });
    expect(parsed).toEqual({ errors: { title: 'Give it a title.' } });
  });

  it('turns numbers into numbers and a blank nullable choice into null, leaving names the schema does not know out', () => {
    expect(formInput(Page, form([['_csrf', 't'], ['title', 'About'], ['position', '3'], ['parentId', '']]))).toEqual({ title: 'About', position: 3, parentId: null, isActive: false });
    expect(parseForm(Page, { title: 'About', parentId: '12' })).toEqual({ data: { title: 'About', excerpt: '', position: 0, parentId: 12, isActive: false, tags: [] } });
  });

  it('refuses a number field holding no number with the schema\'s message, beside that field', () => {
    const parsed = parseForm(Page, { title: 'About', position: 'three' });
    expect('errors' in parsed && Object.keys(parsed.errors)).toEqual(['position']);
  });

  it('reads a checkbox: ticked is true whatever it posts, unticked (absent) or "false" is false', () => {
    expect(formInput(Page, { title: 'x', isActive: 'on' })).toMatchObject({ isActive: true });
    expect(formInput(Page, { title: 'x' })).toMatchObject({ isActive: false });
    expect(formInput(Page, { title: 'x', isActive: 'false' })).toMatchObject({ isActive: false });
  });

  it('collects an array from repeated names or name[], and shows an element\'s message beside the array\'s field', () => {
    expect(formInput(Page, form([['title', 'x'], ['tags', 'news'], ['tags', 'sale']]))).toMatchObject({ tags: ['news', 'sale'] });
    expect(formInput(Page, form([['title', 'x'], ['tags[]', 'news'], ['tags[]', '']]))).toMatchObject({ tags: ['news'] });
    const Ids = z.object({ ids: z.array(z.number().int().min(1, 'An id is 1 or more.')) });
    expect(formInput(Ids, { ids: ['4', '5'] })).toEqual({ ids: [4, 5] });
    expect(parseForm(Ids, { ids: ['4', '0'] })).toEqual({ errors: { ids: 'An id is 1 or more.' } });
  });

  it('fills nested objects and records from dotted names, a blank nullable text there meaning null', () => {
    const Doc = z.object({
      seo: z.object({ title: z.string().optional(), weight: z.number().optional() }),
      storeOverrides: z.record(z.string(), z.object({ title: z.string().nullable(), content: z.string().nullable() }).partial()).optional(),
    });
    expect(formInput(Doc, { 'seo.title': 'Hello', 'seo.weight': '2', 'storeOverrides.de.title': 'Hallo', 'storeOverrides.fr.content': '' })).toEqual({
      seo: { title: 'Hello', weight: 2 },
      storeOverrides: { de: { title: 'Hallo' }, fr: { content: null } },
    });
    expect(formInput(Doc, {})).toEqual({ seo: {} });
    const refused = Doc.safeParse({ seo: { weight: 'x' } });
    expect(formErrors(refused.error!)).toEqual({ 'seo.weight': expect.any(String) });
  });

  it('reads numbered rows in the order of their numbers, leaves a wholly blank row out, and shows a row\'s message beside the row\'s field', () => {
    const Company = z.object({
      priceListIds: z.array(z.number().int().min(1, 'An id is 1 or more.')).default([]),
      buyers: z.array(z.object({ email: z.string().min(1, 'Give an email.'), role: z.enum(['admin', 'buyer']).default('buyer') })).default([]),
    });
    const posted = { 'priceListIds.10': '7', 'priceListIds.2': '5', 'priceListIds.3': ' ', 'buyers.0.email': 'a@x.example', 'buyers.0.role': 'admin', 'buyers.1.email': '', 'buyers.2.role': 'buyer' };
    const input = formInput(Company, posted);
    expect(input).toEqual({ priceListIds: [5, 7], buyers: [{ email: 'a@x.example', role: 'admin' }, { role: 'buyer' }] });
    // The second buyer was posted as row 2 (row 1 was blank): its message is beside row 2's field.
    expect(parseForm(Company, posted)).toEqual({ errors: { 'buyers.2.email': expect.any(String) } });
    expect(parseForm(Company, { 'priceListIds.4': '0' })).toEqual({ errors: { 'priceListIds.4': 'An id is 1 or more.' } });
    expect(formField(['buyers', 1, 'email'], input)).toBe('buyers.2.email');
    // Without the input read (or for an array of repeated names) an element's message is the array's.
    expect(formField(['buyers', 1, 'email'])).toBe('buyers');
    expect(formErrors(Company.safeParse({ buyers: [{}] }).error!)).toEqual({ buyers: expect.any(String) });
  });

  it('takes the last value of a repeated name for a single field (as Hono\'s parseBody does)', () => {
    expect(formInput(Page, { title: ['first', 'second'] })).toMatchObject({ title: 'second' });
  });

  it('reads through a preprocess to the schema after it, and through a transform to the schema before it', () => {
    const Shaped = z.object({
      count: z.preprocess((value) => value, z.number().optional()),
      code: z.string().transform((value) => value.toUpperCase()),
    });
    expect(formInput(Shaped, { count: '7', code: 'ab' })).toEqual({ count: 7, code: 'ab' });
    expect(parseForm(Shaped, { count: '', code: 'ab' })).toEqual({ data: { code: 'AB' } });
  });

  it('in a form that merges into what is stored, leaves what was not posted as stored, reads blank text as empty and drops blank record entries', () => {
    const Config = z.object({
      enabled: z.boolean().default(false),
      siteKey: z.string().default(''),
      minScore: z.number().default(0.5),
      messageByStore: z.record(z.string(), z.string().min(1)).default({}),
    });
    expect(formInput(Config, { siteKey: '' }, { merge: true })).toEqual({ siteKey: '' });
    expect(formInput(Config, { enabled: ['false', 'true'], minScore: '', 'messageByStore.de': 'Hallo', 'messageByStore.fr': '' }, { merge: true })).toEqual({
      enabled: true,
      messageByStore: { de: 'Hallo' },
    });
    expect(formInput(Config, { 'messageByStore.fr': '' }, { merge: true })).toEqual({ messageByStore: {} });
  });
});
