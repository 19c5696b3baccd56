import type { Context } from 'hono';
import { html } from 'hono/html';
import type { EditorSnippet } from '../modules/define-module.ts';
import type { AdminEnv } from './admin-env.ts';

/** What the loaded modules offer to insert into content (define-module `admin.snippets`). */
export async function editorSnippets(c: Context<AdminEnv>): Promise<EditorSnippet[]> {
  const platform = c.var.modules;
  const offered = await Promise.all(platform.modules.map((module) => module.admin?.snippets?.(platform.context(module.id, {})) ?? []));
  return offered.flat();
}

/**
 * The insert buttons under a content field: the admin script puts the text at the cursor (in the
 * rich-text editor when there is one); without it each button shows the text to copy.
 */
export function snippetButtons(fieldId: string, snippets: readonly EditorSnippet[]) {
  if (snippets.length === 0) return '';
  return html`<p class="snippets" data-snippets-for="${fieldId}">Insert:
    ${snippets.map((snippet) => html`<button type="button" data-snippet="${snippet.text}" title="${snippet.text}">${snippet.label}</button> `)}</p>`;
}
