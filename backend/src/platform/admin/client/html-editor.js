/**
 * The editor of merchant HTML in documents (CMS pages, blog posts, category descriptions): the HTML
 * itself in its text area, a toolbar that wraps the selection in the markup it names, and a live
 * preview under it. admin.js loads it only on a page with a `textarea[data-html-editor]`.
 *
 * Why the source and not a visual editor (issue 33, item 2): what a merchant saves must be what they
 * loaded, plus their edit. A visual editor keeps only what its document model knows: Trix turned
 * `<h2>` into `<strong>`, each `<p>` into `<div>…<br><br>` and dropped `<section>`; a ProseMirror
 * schema keeps the nodes it declares but rewrites the rest (a list item's bare text gains a `<p>`,
 * attributes it does not declare go, tables, figures and details too unless each is modelled). The
 * text area is the stored HTML, character for character, so a load and save changes nothing and an
 * edit changes only what was typed; the server's sanitiser still cleans every save (markup-sanitize.ts).
 * Without JavaScript the same text area is the editor.
 *
 * The preview is drawn from the text through an allow-list (tags that format; links that do not
 * navigate away from the form; images of the admin's own origin only, since its policy refuses
 * others and would log an error per image): it shows the structure, while the Preview button shows
 * the page as the storefront will. A `{{…}}` directive (a Custom Forms form) is marked as such.
 * Plain ES2020, no build step.
 */
(() => {
  /** Each button: its words, and what it puts around the selection (`caret`: where the cursor goes when the markup has a blank to fill). */
  const actions = [
    { label: 'Heading', before: '<h2>', after: '</h2>' },
    { label: 'Subheading', before: '<h3>', after: '</h3>' },
    { label: 'Paragraph', before: '<p>', after: '</p>' },
    { label: 'Bold', before: '<strong>', after: '</strong>' },
    { label: 'Italic', before: '<em>', after: '</em>' },
    { label: 'Bulleted list', list: 'ul' },
    { label: 'Numbered list', list: 'ol' },
    { label: 'Link', before: '<a href="">', after: '</a>', caret: '<a href="'.length },
    { label: 'Image', before: '<img src="" alt="">', after: '', caret: '<img src="'.length },
    { label: 'Section', before: '<section>', after: '</section>' },
  ];

  /** Tags the preview draws as they are; any other element shows its content only, and these lose theirs. */
  const shown = new Set('p h1 h2 h3 h4 h5 h6 section article aside header footer div span strong b em i u s small sub sup mark code pre kbd blockquote q cite ul ol li dl dt dd a img figure figcaption br hr table caption thead tbody tfoot tr th td details summary'.split(' '));
  const dropped = new Set('script style template noscript iframe object embed svg math head title'.split(' '));
  const directive = /\{\{[^{}]*\}\}/g;

  /** A text, its directives marked. */
  function appendText(text, into) {
    let last = 0;
    for (const match of text.matchAll(directive)) {
      into.append(text.slice(last, match.index));
      const mark = document.createElement('code');
      mark.className = 'directive';
      mark.title = 'Replaced on the storefront (a form, for a Custom Forms directive)';
      mark.textContent = match[0];
      into.append(mark);
      last = match.index + match[0].length;
    }
    into.append(text.slice(last));
  }

  /** The children of `from` (a parsed, inert document's node) copied into `into` through the allow-list. */
  function copyInto(from, into) {
    for (const node of from.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) appendText(node.textContent, into);
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = node.localName;
      if (dropped.has(tag)) continue;
      if (!shown.has(tag)) {
        copyInto(node, into);
        continue;
      }
      if (tag === 'img') {
        into.append(previewImage(node));
        continue;
      }
      const element = document.createElement(tag);
      // A link shows where it goes without going there (a click would leave the unsaved form).
      if (tag === 'a' && node.getAttribute('href')) element.title = node.getAttribute('href');
      for (const name of ['colspan', 'rowspan']) if (node.hasAttribute(name)) element.setAttribute(name, node.getAttribute(name));
      copyInto(node, element);
      into.append(element);
    }
  }

  function previewImage(node) {
    const alt = node.getAttribute('alt') ?? '';
    let url = null;
    try {
      url = new URL(node.getAttribute('src') ?? '', location.href);
    } catch {
      // Not a URL: shown as its placeholder.
    }
    if (url && url.origin === location.origin) {
      const image = document.createElement('img');
      image.src = url.href;
      image.alt = alt;
      return image;
    }
    const placeholder = document.createElement('span');
    placeholder.className = 'image-placeholder';
    placeholder.textContent = `[image${alt ? `: ${alt}` : ''}${url ? ` from ${url.host}` : ''}]`;
    return placeholder;
  }

  function drawPreview(field, preview) {
    const parsed = new DOMParser().parseFromString(field.value, 'text/html');
    const fresh = document.createDocumentFragment();
    copyInto(parsed.body, fresh);
    preview.replaceChildren(fresh);
  }

  /** What a button puts in place of the selected text, and where in it the cursor goes after. */
  function edit(action, selected) {
    if (action.list) {
      const items = selected.split('\n').map((line) => `<li>${line.trim()}</li>`).join('');
      const text = `<${action.list}>${items}</${action.list}>`;
      // Nothing selected: the cursor inside the one empty item.
      return { text, caret: selected ? text.length : `<${action.list}><li>`.length };
    }
    return { text: `${action.before}${selected}${action.after}`, caret: action.caret ?? action.before.length + selected.length };
  }

  function enhance(field) {
    const label = field.labels[0] ? field.labels[0].textContent.trim() : field.name;
    const toolbar = document.createElement('div');
    toolbar.className = 'html-toolbar';
    toolbar.setAttribute('role', 'toolbar');
    toolbar.setAttribute('aria-label', `Format ${label}`);
    toolbar.setAttribute('aria-controls', field.id);
    for (const action of actions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = action.label;
      button.addEventListener('click', () => {
        const start = field.selectionStart;
        const { text, caret } = edit(action, field.value.slice(start, field.selectionEnd));
        field.focus();
        field.setRangeText(text, start, field.selectionEnd, 'end');
        field.setSelectionRange(start + caret, start + caret);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
      toolbar.append(button);
    }
    const preview = document.createElement('div');
    preview.className = 'html-preview';
    preview.setAttribute('role', 'region');
    preview.setAttribute('aria-label', `Preview of ${label}`);
    // It scrolls when long: focusable, so a keyboard can scroll it too.
    preview.tabIndex = 0;
    field.classList.add('html-source');
    field.before(toolbar);
    // After the field's own help and snippets: the preview closes the field's block.
    (field.parentElement.querySelector(`#${CSS.escape(field.id)}-help`) ?? field).after(preview);
    let pending = 0;
    field.addEventListener('input', () => {
      clearTimeout(pending);
      pending = setTimeout(() => drawPreview(field, preview), 150);
    });
    drawPreview(field, preview);
  }

  for (const field of document.querySelectorAll('textarea[data-html-editor]')) enhance(field);
})();
