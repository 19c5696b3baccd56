/* global window, document, location, navigator, Blob, fetch, setTimeout */
// Background revalidation of the page being viewed (DECISIONS.md 6): once per page view, after the
// page has loaded and the browser is idle, ask the storefront to re-read this page's record from
// the backend. Only the path is sent; the page never waits for, or looks at, the answer.
(function () {
  var body = JSON.stringify({ path: location.pathname });

  function send() {
    if (navigator.sendBeacon && navigator.sendBeacon('/freshness', new Blob([body], { type: 'application/json' }))) return;
    // No beacon (or it was refused): a keepalive fetch does the same; its outcome is of no use here.
    fetch('/freshness', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body, keepalive: true }).then(
      function () {},
      function () {},
    );
  }

  function whenIdle() {
    if ('requestIdleCallback' in window) window.requestIdleCallback(send, { timeout: 5000 });
    else setTimeout(send, 1);
  }

  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
})();
