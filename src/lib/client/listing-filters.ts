/**
 * The category page's filters and order apply at once: a change loads the listing's canonical URL
 * (facet-filter.ts: the form's fields are already in canonical order; the default order and empty
 * values are left out), so no Apply button is needed and no redirect follows. Without JavaScript
 * the form is a plain GET form with its Apply button (the server redirects `sort=position` away).
 * On wide screens the filter panel opens, since there it is a sidebar, not a drawer.
 */
function listingUrl(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string' || value === '' || (name === 'sort' && value === 'position')) continue;
    params.append(name, value);
  }
  const search = params.toString();
  return search ? `${form.action}?${search}` : form.action;
}

// The Apply and Sort buttons are for visitors without JavaScript.
for (const apply of document.querySelectorAll<HTMLElement>('[data-apply]')) apply.hidden = true;

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-listing-filters]')) {
  // The order's select sits outside the form (its `form` attribute joins it), so listen on the document.
  document.addEventListener('change', (event) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement | null;
    if (field?.form === form) window.location.assign(listingUrl(form));
  });
}

const panel = document.querySelector<HTMLDetailsElement>('details[data-filter-panel]');
if (panel && window.matchMedia('(min-width: 56rem)').matches) panel.open = true;
