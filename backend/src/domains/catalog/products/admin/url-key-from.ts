/**
 * A URL key made from a product's name, as the new-product form fills it when left blank:
 * accents dropped, lower case, words joined by "-" ("Crème Tee, Navy" is "creme-tee-navy"). The
 * admin script does the same as the name is typed (client/admin.js), so the two agree.
 */
export function urlKeyFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 128)
    .replace(/-+$/, '');
}
