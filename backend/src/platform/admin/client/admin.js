/* global adminAssets */
/**
 * The admin's only script, an enhancement over pages that work without it:
 * - a form marked `data-unsaved-warning` that was changed and not submitted makes leaving the page ask
 *   first (the browser's own "leave site?" prompt), so an editor's work is not lost to a stray click;
 * - the `data-save-status` line under a save's flash follows the save to the storefront, polling the
 *   module that reports it once a second for up to 90 s (the connector debounces and retries);
 * - a `textarea[data-rich-text]` gets the rich-text editor over it (rich-text.ts), loaded only then;
 *   the textarea, hidden, stays the form's value. Files are not taken: images go through the media;
 * - a snippet button (snippets.ts) inserts its text at the cursor of its field's editor;
 * - a tree grid (`table[data-tree]`: categories) gets drag and drop (tree-moves.js), loaded only then.
 * - a type switch (`select[data-type-switch]`: the new-product form) shows only the fieldsets whose
 *   `data-types` name the chosen type (without the script every type's fields show, as the server reads
 *   only the chosen type's);
 * - a field with `data-slug-from` follows the named field as a URL key until the merchant types in it.
 * Plain ES2020, no build step: served as written after one line the server puts first, `adminAssets`
 * (the editor's versioned URLs and the tree script's, which the server knows; see script.ts).
 */
// A control counts for the form it belongs to, which may hold it from outside through its `form`
// attribute (the product page's image texts sit in the images section): so the events are read on the
// document, by `control.form`, not on the form element they may never reach.
const changedControl = (event) => {
  const form = event.target.form;
  if (form && form.matches('[data-unsaved-warning]')) form.dataset.dirty = 'true';
};
document.addEventListener('input', changedControl);
document.addEventListener('change', changedControl);
for (const form of document.querySelectorAll('form[data-unsaved-warning]')) {
  // The editor writes its field itself: its own change event, once it has loaded the field.
  form.addEventListener('trix-change', (event) => { if (event.target.dataset.ready) form.dataset.dirty = 'true'; });
  // A preview opens in another tab: the form stays unsaved.
  form.addEventListener('submit', (event) => { if (!event.submitter || event.submitter.formTarget !== '_blank') delete form.dataset.dirty; });
}

const richFields = document.querySelectorAll('textarea[data-rich-text]');
if (richFields.length > 0) {
  const styles = document.createElement('link');
  styles.rel = 'stylesheet';
  styles.href = adminAssets.richText.styles;
  document.head.append(styles);
  const editorScript = document.createElement('script');
  editorScript.src = adminAssets.richText.script;
  editorScript.addEventListener('load', () => {
    for (const field of richFields) {
      const editor = document.createElement('trix-editor');
      editor.setAttribute('input', field.id);
      editor.setAttribute('aria-label', field.labels[0] ? field.labels[0].textContent.trim() : field.name);
      editor.addEventListener('trix-initialize', () => setTimeout(() => { editor.dataset.ready = 'true'; }));
      editor.addEventListener('trix-file-accept', (event) => event.preventDefault());
      field.hidden = true;
      field.after(editor);
    }
  });
  document.head.append(editorScript);
}

for (const select of document.querySelectorAll('select[data-type-switch]')) {
  const sections = select.form.querySelectorAll('fieldset[data-types]');
  const show = () => {
    for (const section of sections) section.hidden = !section.dataset.types.split(' ').includes(select.value);
  };
  select.addEventListener('change', show);
  show();
}

for (const field of document.querySelectorAll('input[data-slug-from]')) {
  const source = field.form.elements.namedItem(field.dataset.slugFrom);
  // A key already typed (or sent back with an error) is the merchant's: never overwritten.
  let followed = field.value === '';
  field.addEventListener('input', () => { followed = field.value === ''; });
  source.addEventListener('input', () => {
    if (!followed) return;
    // The same shape the backend's urlKey schema accepts: lower-case letters and digits joined by "-".
    field.value = source.value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
      .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 128).replace(/-+$/, '');
  });
}

if (document.querySelector('table[data-tree]')) {
  const treeScript = document.createElement('script');
  treeScript.src = adminAssets.treeMoves;
  document.head.append(treeScript);
}

document.addEventListener('click', (event) => {
  const button = event.target.closest('[data-snippet]');
  if (!button) return;
  const field = document.getElementById(button.closest('[data-snippets-for]').dataset.snippetsFor);
  const editor = document.querySelector('trix-editor[input="' + field.id + '"]');
  if (editor) {
    editor.focus();
    editor.editor.insertString(button.dataset.snippet);
  } else {
    field.setRangeText(button.dataset.snippet, field.selectionStart, field.selectionEnd, 'end');
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
});
addEventListener('beforeunload', (event) => {
  if (document.querySelector('form[data-dirty]')) event.preventDefault();
});

const status = document.querySelector('[data-save-status]');
if (status) {
  const line = status.querySelector('span');
  let polls = 0;
  const poll = async () => {
    polls += 1;
    try {
      const answer = await fetch(status.dataset.saveStatus, { headers: { accept: 'application/json' } });
      if (answer.ok) {
        const outcome = await answer.json();
        status.dataset.state = outcome.state;
        line.textContent = outcome.message;
        if (outcome.state === 'success') return;
      }
    } catch {
      // The backend restarting: the next poll tells.
    }
    if (polls < 90) setTimeout(poll, 1000);
    else if (status.dataset.state !== 'failed') line.textContent = 'No storefront sync recorded for this change yet.';
  };
  poll();
}
