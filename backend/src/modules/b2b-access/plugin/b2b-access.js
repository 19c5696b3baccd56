/* global window, document, location, fetch, DOMParser, CustomEvent, console */
// B2B Access, the storefront's client script (DECISIONS.md 31; served same-origin as
// /plugins/b2b-access.js). A page may have come from the shared cache as the guest view, or have
// been rendered before a sign-in. When the shopper signs in or out in another tab (the storefront
// keeps the session under the localStorage key "shop.customer", so the `storage` event fires here),
// this re-reads the current page, which the storefront now renders for the new session from the
// backend (the session cookie keeps it out of the shared cache), and swaps in its price blocks, buy
// boxes and account link: no full reload, nothing written anywhere. Plain ES5-style code, no inline
// script or eval, so it runs under the storefront's CSP (script-src 'self' plus island hashes).
(function () {
  var SESSION_KEY = 'shop.customer';
  // Blocks whose content depends on who is signed in, in document order.
  var BLOCKS = 'main p.price, main form.buy-box';
  var ACCOUNT_LINK = 'header nav.tools a[href="/account"]';
  var running = null;

  // Scripts parsed by DOMParser never run once inserted. The islands' bootstrap scripts (inline,
  // admitted by the CSP's hashes) are re-created so a buy box that was not on the page before hydrates.
  function live(node) {
    var copy = document.importNode(node, true);
    var scripts = copy.querySelectorAll('script');
    for (var i = 0; i < scripts.length; i++) {
      var old = scripts[i];
      var script = document.createElement('script');
      for (var a = 0; a < old.attributes.length; a++) script.setAttribute(old.attributes[a].name, old.attributes[a].value);
      script.textContent = old.textContent;
      old.replaceWith(script);
    }
    return copy;
  }

  function swapAll(current, fresh) {
    for (var i = 0; i < current.length; i++) current[i].replaceWith(live(fresh[i]));
  }

  function apply(html) {
    var page = new DOMParser().parseFromString(html, 'text/html');
    var current = document.querySelectorAll(BLOCKS);
    var fresh = page.querySelectorAll(BLOCKS);
    var main = document.querySelector('main');
    var freshMain = page.querySelector('main');
    if (current.length === fresh.length) swapAll(current, fresh);
    // Another set of products (a listing with products only this customer's group sees): the
    // main content is replaced as a whole, still without reloading the page.
    else if (main && freshMain) main.replaceWith(live(freshMain));
    swapAll(document.querySelectorAll(ACCOUNT_LINK), page.querySelectorAll(ACCOUNT_LINK));
    document.dispatchEvent(new CustomEvent('b2b-access:refreshed'));
  }

  function refresh() {
    if (running) return running;
    running = fetch(location.href, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'text/html' } })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.text();
      })
      .then(apply)
      .catch(function (error) {
        // The page keeps what it shows; the shopper's next navigation renders their view anyway.
        console.warn('b2b-access: could not refresh this page for the new session', error);
      })
      .then(function () {
        running = null;
      });
    return running;
  }

  // A sign-in or sign-out elsewhere; not a renewal of the tokens, which changes nobody's view.
  window.addEventListener('storage', function (event) {
    var signedInBefore = event.oldValue !== null;
    var signedInNow = event.newValue !== null;
    if ((event.key === SESSION_KEY && signedInBefore !== signedInNow) || event.key === null) refresh();
  });
})();
