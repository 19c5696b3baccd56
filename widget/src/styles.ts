/**
 * Styles go inside each shadow root (ARCHITECTURE.md widget rules): constructable stylesheets,
 * each built once and shared by every element where the browser supports them, `<style>` elements
 * otherwise. The CSS files are minified by the bundle build (`?inline` imports).
 */
const sheets = new Map<string, CSSStyleSheet>();

/**
 * The accent every element's CSS reads as `--a`: `--shop-accent` set by the host page wins, then
 * `data-accent` (checked to be a hex colour in options.ts), then the store blue.
 */
export const accentCss = (accent: string) => `:host{--a:var(--shop-accent,${accent || '#2563eb'})}`;

export function adoptStyles(root: ShadowRoot, ...css: string[]): void {
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    root.adoptedStyleSheets = css.map((text) => {
      let sheet = sheets.get(text);
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        sheets.set(text, sheet);
      }
      return sheet;
    });
    return;
  }
  root.prepend(...css.map((text) => Object.assign(document.createElement('style'), { textContent: text })));
}
