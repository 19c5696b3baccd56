import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { h, trusted, fragment } from '../markup.ts';

const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export interface Asset {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/** Starts Swagger UI on the spec next to the page; a file rather than an inline script, so a strict CSP can apply. */
const initScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: 'docs.json', dom_id: '#swagger-ui', deepLinking: true });
});
`;

/** Everything the docs page loads, served by the backend itself so the page works offline. Read once at startup. */
export function loadSwaggerAssets(): Map<string, Asset> {
  const fromDist = (file: string, contentType: string): [string, Asset] => [
    file,
    { body: new Uint8Array(readFileSync(join(distDir, file))), contentType },
  ];
  return new Map([
    fromDist('swagger-ui.css', 'text/css; charset=utf-8'),
    fromDist('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'),
    fromDist('favicon-32x32.png', 'image/png'),
    ['init.js', { body: new TextEncoder().encode(initScript), contentType: 'text/javascript; charset=utf-8' }],
  ]);
}

/** The page; asset URLs are relative so it also works behind the storefront's /api proxy. */
export function swaggerPage(title: string): string {
  const page = h(
    'html',
    { lang: 'en' },
    h(
      'head',
      {},
      h('meta', { charset: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', {}, title),
      h('link', { rel: 'stylesheet', href: 'docs/assets/swagger-ui.css' }),
      h('link', { rel: 'icon', type: 'image/png', href: 'docs/assets/favicon-32x32.png' }),
    ),
    h(
      'body',
      {},
      h('div', { id: 'swagger-ui' }),
      h('script', { src: 'docs/assets/swagger-ui-bundle.js' }),
      h('script', { src: 'docs/assets/init.js' }),
    ),
  );
  return fragment(trusted('<!doctype html>\n'), page).toString();
}
