/**
 * The content editor's figure for `npm run bench` (issue 17): the time from an admin save (a CMS
 * page's content changed through the admin API) to the storefront serving the changed page, over
 * `saves` saves one after another. The backend's connector does the work: its debounce window
 * (STOREFRONT_SYNC_DEBOUNCE_MS, stated with the figure), then the named partial sync of the page.
 */
export interface SaveToPage {
  saves: number;
  debounceMs: number;
  p50Ms: number;
  p90Ms: number;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

export async function saveToPageFigures(options: {
  backend: string;
  storefront: string;
  syncSecret: string;
  adminEmail: string;
  adminPassword: string;
  debounceMs: number;
  saves?: number;
}): Promise<SaveToPage> {
  const saves = options.saves ?? 20;
  const token = await fetch(`${options.backend}/api/rest/v2/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: options.adminEmail, password: options.adminPassword, scope: 'admin' }),
  });
  if (!token.ok) throw new Error(`admin token: HTTP ${token.status}`);
  const admin = { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`, 'Content-Type': 'application/json' };
  // The backend started before the storefront had a port: the connector is pointed at it now, with the
  // secret (SYNC_SECRET goes only to STOREFRONT_URL, DECISIONS.md 57).
  const configured = await fetch(`${options.backend}/api/rest/v2/admin/storefront-connector/config`, {
    method: 'PUT',
    headers: admin,
    body: JSON.stringify({ storefrontUrl: options.storefront, syncSecret: options.syncSecret }),
  });
  if (!configured.ok) throw new Error(`connector config: HTTP ${configured.status}`);
  const listed = (await (await fetch(`${options.backend}/api/rest/v2/admin/cms-pages?identifier=about-us`, { headers: admin })).json()) as { member: Array<{ id: number }> };
  const pageId = listed.member[0]!.id;

  const times: number[] = [];
  for (let save = 1; save <= saves; save++) {
    const marker = `bench-save-${save}-${Date.now()}`;
    const started = performance.now();
    const saved = await fetch(`${options.backend}/api/rest/v2/admin/cms-pages/${pageId}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ content: `<p>${marker}</p>` }) });
    if (!saved.ok) throw new Error(`save ${save}: HTTP ${saved.status}`);
    for (;;) {
      if ((await (await fetch(`${options.storefront}/about-us`)).text()).includes(marker)) break;
      if (performance.now() - started > 60_000) throw new Error(`save ${save} did not reach the storefront within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    times.push(performance.now() - started);
  }
  const sorted = times.sort((a, b) => a - b);
  return { saves, debounceMs: options.debounceMs, p50Ms: Math.round(percentile(sorted, 0.5)), p90Ms: Math.round(percentile(sorted, 0.9)) };
}
