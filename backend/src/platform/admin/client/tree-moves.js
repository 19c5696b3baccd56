/**
 * Drag and drop over a tree grid (content-admin/grid-tree.ts: Catalog → Categories), an
 * enhancement of its Move up / Move down forms. A row dropped on another row goes before it, under
 * the same parent; dropped on a row's "Into" zone (shown while dragging) it becomes that row's last
 * child. The drop posts the same move form the buttons post (CSRF token, the dragged row's ETag,
 * parent, place among the new siblings), puts the grid the answer draws in place of the old one and
 * says the answer's message in the page's `aria-live` line: moved, or why not.
 * Handlers sit on the document, so the rows of a grid put in place keep working.
 * Plain ES2020, no build step: it is served as written.
 */
'use strict';
// A block: classic scripts share one global scope with admin.js.
{
const status = document.querySelector('[data-tree-status]');
status.hidden = false;
const rowOf = (node) => (node instanceof Element ? node.closest('table[data-tree] tr[data-id]') : null);
const labelOf = (row) => row.querySelector('a').textContent;
let dragged = null;
let marked = null;

function prepare() {
  for (const row of document.querySelectorAll('table[data-tree] tr[data-id]')) {
    row.draggable = true;
    const zone = document.createElement('span');
    zone.dataset.into = '';
    zone.hidden = true;
    zone.textContent = 'Into ' + labelOf(row);
    zone.style.border = '2px dashed #2563eb';
    zone.style.padding = '.25rem .5rem';
    row.lastElementChild.append(zone);
  }
}

function mark(target) {
  if (marked) marked.style.outline = '';
  marked = target;
  if (marked) marked.style.outline = '2px solid #2563eb';
}

async function move(row, parentId, position) {
  const table = document.querySelector('table[data-tree]');
  const form = new URLSearchParams({ _csrf: document.querySelector('input[name="_csrf"]').value, _etag: row.dataset.etag, parentId, position: String(position) });
  status.textContent = 'Moving ' + labelOf(row) + '…';
  try {
    const answer = await fetch(table.dataset.tree + '/' + row.dataset.id + '/move?' + table.dataset.treeQuery, { method: 'POST', body: form });
    const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
    const fresh = page.querySelector('table[data-tree]');
    const notice = page.querySelector('main .flash');
    if (fresh) {
      table.closest('.table-scroll').replaceWith(fresh.closest('.table-scroll'));
      prepare();
    }
    status.textContent = notice ? notice.textContent : 'Not moved: reload the page and try again.';
  } catch {
    status.textContent = 'Not moved: the admin could not be reached.';
  }
}

document.addEventListener('dragstart', (event) => {
  const row = rowOf(event.target);
  if (!row) return;
  dragged = row;
  event.dataTransfer.effectAllowed = 'move';
  event.dataTransfer.setData('text/plain', labelOf(row));
  // Shown after the drag has begun: changing the page inside dragstart can cancel it.
  setTimeout(() => {
    for (const zone of document.querySelectorAll('[data-into]')) zone.hidden = zone.closest('tr') === row;
  });
});
document.addEventListener('dragend', () => {
  dragged = null;
  mark(null);
  for (const zone of document.querySelectorAll('[data-into]')) zone.hidden = true;
});
document.addEventListener('dragover', (event) => {
  const row = rowOf(event.target);
  if (!dragged || !row || row === dragged) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = 'move';
  mark(event.target.closest('[data-into]') || row);
});
document.addEventListener('drop', (event) => {
  const row = rowOf(event.target);
  if (!dragged || !row || row === dragged) return;
  event.preventDefault();
  const moving = dragged;
  if (event.target.closest('[data-into]')) {
    // Past its last child: the service makes it the last.
    move(moving, row.dataset.id, 100000);
    return;
  }
  // Its place among the siblings without itself: one less when it comes from above the target.
  const fromAbove = moving.dataset.parentId === row.dataset.parentId && Number(moving.dataset.index) < Number(row.dataset.index);
  move(moving, row.dataset.parentId, Number(row.dataset.index) - (fromAbove ? 1 : 0));
});
prepare();
}
