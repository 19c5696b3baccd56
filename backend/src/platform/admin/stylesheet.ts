import { Hono } from 'hono';

/** Where every admin page, the login form included, links its one stylesheet. */
export const adminStylesheetPath = '/admin/admin.css';

/**
 * The admin shell's styles: a side navigation on wide screens, a stacked one on a phone (390 px),
 * grids that scroll inside themselves instead of widening the page, headings that wrap a long
 * record key (a customer's email) anywhere, secondary buttons (a grid's Search, a row's harmless
 * action) outlined so the page's own Save stands out, destructive buttons in red (outlined where they sit among
 * other actions, filled on the page that confirms them) so none looks like Save, a field's error on a line of its own below it, and the
 * login card.
 */
const css = `
*,*::before,*::after{box-sizing:border-box}
body{font:15px/1.5 system-ui,sans-serif;margin:0;display:flex;min-height:100vh;color:#1f2937;background:#f9fafb}
nav.side{flex:0 0 210px;background:#111827;color:#e5e7eb;padding:1rem}
nav.side a{color:#e5e7eb;display:block;padding:.2rem 0;text-decoration:none}
nav.side a:hover,nav.side a:focus{text-decoration:underline}
nav.side h2{font-size:.75rem;text-transform:uppercase;color:#9ca3af;margin:1rem 0 .3rem;overflow-wrap:anywhere}
main{flex:1;min-width:0;padding:1.5rem 2rem;max-width:1100px}
h1{font-size:1.5rem;margin:0 0 1rem;overflow-wrap:anywhere}
a{color:#1d4ed8}
table{border-collapse:collapse;width:100%;background:#fff}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
form.filters{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}
ul.images{list-style:none;padding:0;display:grid;gap:.5rem}
ul.images li{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center}
ul.images img{object-fit:contain;background:#fff;border:1px solid #e5e7eb}
img.record-image{max-width:100%;height:auto;background:#fff;border:1px solid #e5e7eb}
td,th{border-bottom:1px solid #e5e7eb;padding:.4rem;text-align:left;vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;color:#4b5563}
.table-scroll{overflow-x:auto}
label{display:block;margin:.6rem 0}
input,select,textarea{font:inherit;padding:.35rem .5rem;min-width:16rem;max-width:100%;border:1px solid #9ca3af;border-radius:4px}
button{font:inherit;padding:.35rem .9rem;border:1px solid #1d4ed8;border-radius:4px;background:#1d4ed8;color:#fff;cursor:pointer}
nav.side button{background:transparent;border-color:#6b7280}
button.secondary{background:#fff;color:#1d4ed8}
button.secondary:hover,button.secondary:focus-visible{background:#eff6ff}
button.danger{background:#fff;color:#b91c1c;border-color:#b91c1c}
button.danger:hover,button.danger:focus-visible{background:#b91c1c;color:#fff}
.confirm-step button.danger{background:#b91c1c;color:#fff}
.confirm-step button.danger:hover,.confirm-step button.danger:focus-visible{background:#991b1b}
.flash{background:#ecfdf5;border:1px solid #10b981;padding:.5rem 1rem}
.error{background:#fef2f2;border:1px solid #ef4444;padding:.5rem 1rem}
strong.error{display:block;margin:.25rem 0;padding:.25rem .5rem}
.save-status{border:1px solid #d1d5db;background:#fff;padding:.5rem 1rem}
.snippets{margin:.25rem 0}
.snippets button{margin:.15rem .25rem .15rem 0}
.save-status[data-state=success]{border-color:#10b981}
.save-status[data-state=failed]{border-color:#ef4444;background:#fef2f2}
.muted{color:#6b7280}
form.inline{display:inline}
.cards{display:flex;flex-wrap:wrap;gap:1rem}
.card{border:1px solid #e5e7eb;background:#fff;border-radius:6px;padding:1rem;min-width:10rem}
.category-tree{max-height:22rem;overflow:auto;border:1px solid #e5e7eb;background:#fff;padding:.25rem .5rem}
.category-tree ul{list-style:none;margin:0;padding-left:1.25rem}
.category-tree>ul{padding-left:0}
.category-tree label{margin:.15rem 0}
.category-tree input{min-width:0}
.category-tree .covered{margin:0 0 .2rem 1.6rem;font-size:.85rem}
.pager{display:flex;flex-wrap:wrap;gap:.25rem;align-items:center;margin:1rem 0}
.pager a,.pager span{padding:.2rem .6rem;border:1px solid #e5e7eb;border-radius:4px;text-decoration:none;background:#fff}
.pager a[aria-current=page]{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
body.login{align-items:center;justify-content:center;padding:1rem}
body.login main{flex:0 1 24rem;padding:1.5rem;background:#fff;border:1px solid #e5e7eb;border-radius:8px;box-shadow:0 1px 3px rgb(0 0 0 / .08)}
body.login input{width:100%;min-width:0}
body.login button{width:100%;margin-top:.5rem}
@media (max-width:700px){
  body{display:block}
  nav.side{padding:.75rem 1rem}
  nav.side a{display:inline-block;margin-right:.75rem}
  nav.side h2{margin:.5rem 0 .1rem}
  main{padding:1rem}
  table{display:block;overflow-x:auto}
  input,select,textarea{min-width:0;width:100%}
  input[type=checkbox],input[type=radio]{width:auto}
  body.login{display:flex;min-height:100vh}
}
`;

/** GET /admin/admin.css: public (the login page needs it), cached for an hour. */
export const adminStylesheet = new Hono().get('/admin.css', (c) =>
  c.body(css, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
);
