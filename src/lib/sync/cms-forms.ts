/**
 * The Custom Forms a synced CMS page embeds (SPEC.md "Embedding a form in CMS content"): each form a
 * page's directive names is fetched once and stored beside the pages, so a page renders its forms
 * from KV like everything else. A form the backend does not offer (module off, unknown or inactive
 * form: 404) is simply not stored, and its directive renders nothing. The render token is left out:
 * the edge signs a fresh one into every response (lib/forms/fresh-tokens.ts).
 */
import type { BackendClient } from '../backend-client.ts';
import type { CmsPage, StoredForm } from '../content/schemas.ts';
import { formCodesIn } from '../forms/directive.ts';

export async function formsOfPages(client: Pick<BackendClient, 'customForm'>, store: string, pages: CmsPage[]): Promise<StoredForm[]> {
  const codes = [...new Set(pages.flatMap((page) => formCodesIn(page.content)))];
  const forms = await Promise.all(codes.map((code) => client.customForm(store, code)));
  return forms.filter((form) => form !== null).map(({ renderToken: _issuedNow, ...form }) => form);
}
