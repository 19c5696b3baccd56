/**
 * Trix's stylesheet draws its toolbar icons as `data:` SVG URLs, which the admin's Content Security
 * Policy (img-src falls back to 'self') refuses: 14 blank buttons. Rather than open `img-src` to
 * `data:` for every admin page, each icon becomes a file under /admin/trix-icons/, named by a hash of
 * its content (so it can be cached for a year and a new Trix with new icons gets new names), and the
 * stylesheet points at those files.
 */
import { createHash } from 'node:crypto';

/** One `url("data:image/svg+xml,…")` in the stylesheet: the URL-encoded SVG is the capture. */
const dataSvgUrl = /url\(\s*(["']?)data:image\/svg\+xml,([^"')]+)\1\s*\)/g;

export interface ServedIcons {
  /** The stylesheet with every data: SVG replaced by its file's path. */
  css: string;
  /** File name (`<hash>.svg`) to SVG markup. */
  icons: ReadonlyMap<string, string>;
}

/** `basePath`: where the icon files are served (no trailing slash), e.g. `/admin/trix-icons`. */
export function serveIconsAsFiles(css: string, basePath: string): ServedIcons {
  const icons = new Map<string, string>();
  const rewritten = css.replace(dataSvgUrl, (_match, _quote: string, encoded: string) => {
    const svg = decodeURIComponent(encoded);
    const name = `${createHash('sha256').update(svg).digest('hex').slice(0, 16)}.svg`;
    icons.set(name, svg);
    return `url("${basePath}/${name}")`;
  });
  return { css: rewritten, icons };
}
