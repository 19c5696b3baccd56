/**
 * Styles go inside each shadow root (ARCHITECTURE.md widget rules): one constructable stylesheet
 * shared by every card where the browser supports it, a `<style>` element otherwise.
 */
const sheets = new Map<string, CSSStyleSheet>();

export function adoptStyles(root: ShadowRoot, css: string): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  root.prepend(style);
}
