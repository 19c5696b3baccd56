/**
 * The signed-in customer's first name in the page header. Pages of a customer group may come from
 * the edge cache, shared by everyone in that group, so the HTML holds a placeholder
 * (`data-customer-name`, SiteHeader.astro) and each answer gets its own customer's name here, on the
 * way out. HTMLRewriter streams the page and escapes the text it writes.
 */

export const CUSTOMER_NAME_SELECTOR = '[data-customer-name]';

export function withCustomerName(response: Response, firstName: string): Response {
  if (!firstName.trim()) return response;
  return new HTMLRewriter()
    .on(CUSTOMER_NAME_SELECTOR, {
      element(element) {
        element.setInnerContent(firstName);
      },
    })
    .transform(response);
}
