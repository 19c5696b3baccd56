// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import solid from '@astrojs/solid-js';
import assetHash from './integrations/asset-hash.ts';
import devVars from './integrations/dev-vars.ts';
import mcpWithoutAjv from './integrations/mcp-without-ajv.ts';
import widgetBundle from './integrations/widget-bundle.ts';

export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  // Solid islands for the personal parts (cart, checkout, account, search); catalog pages ship none.
  // widgetBundle writes /embed.js before assetHash digests the output (build:done hooks run in this order).
  integrations: [widgetBundle(), assetHash(), devVars(), mcpWithoutAjv(), solid()],
  build: { inlineStylesheets: 'never' },
  // A page script small enough is inlined by default, and the CSP (`script-src 'self'` plus the
  // islands' hashes) would block it: scripts always ship as files; other assets keep Vite's rule.
  vite: { build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) } },
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  // The storefront keeps no server sessions: personal state lives in the browser and the backend.
  session: false,
});
