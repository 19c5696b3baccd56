/**
 * The store's accent colour as CSS custom properties for a `style` attribute. Only a strict
 * `#rrggbb` value passes, so nothing but a colour ever reaches the attribute.
 */

const HEX_COLOUR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** WCAG relative luminance of an sRGB channel (0-255). */
function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * `--accent` and `--accent-contrast` (white or near-black text, whichever reads better on the
 * accent), or undefined when the colour is absent or invalid so the stylesheet default applies.
 */
export function accentStyle(accentColor: string | null | undefined): string | undefined {
  const match = accentColor ? HEX_COLOUR.exec(accentColor.trim()) : null;
  if (!match) return undefined;
  const [r, g, b] = match.slice(1, 4).map((hex) => channel(Number.parseInt(hex, 16))) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against white is (1.05)/(L+0.05); against #111 it is (L+0.05)/(0.0056+0.05).
  const contrast = 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0556 ? '#ffffff' : '#111111';
  return `--accent: ${match[0].toLowerCase()}; --accent-contrast: ${contrast};`;
}
