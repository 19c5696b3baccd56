import { fragment, h, trusted } from '../../platform/markup.ts';

/** FNV-1a: a stable, well-spread hash so the same name always gets the same colours. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** Up to two initials of the words that start with a letter or digit ("Alpine Merino Henley" → "AM"). */
export function initialsOf(title: string): string {
  const words = title.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  const initials = words.slice(0, 2).map((w) => [...w][0]?.toUpperCase() ?? '');
  return initials.join('') || '?';
}

export interface PlaceholderOptions {
  /** Shown as the accessible name and in small print at the bottom. */
  title: string;
  /** Decides the colours; defaults to the title. */
  seed?: string;
  size?: number;
}

/** A square SVG image: a soft two-tone background, the initials large, the title small. Comma hsl() for older renderers. */
export function placeholderSvg({ title, seed = title, size = 800 }: PlaceholderOptions): string {
  const value = hash(seed);
  const hue = value % 360;
  const accent = (hue + 40 + ((value >>> 9) % 80)) % 360;
  const background = `hsl(${hue}, 45%, 88%)`;
  const shape = `hsl(${accent}, 40%, 78%)`;
  const ink = `hsl(${hue}, 35%, 28%)`;
  const caption = title.length > 42 ? `${title.slice(0, 41)}…` : title;
  const svg = h(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width: size, height: size, viewBox: '0 0 800 800', role: 'img', 'aria-label': title },
    h('title', {}, title),
    h('rect', { width: 800, height: 800, fill: background }),
    h('circle', { cx: 640 - (value % 160), cy: 160 + ((value >>> 5) % 120), r: 220, fill: shape, opacity: 0.7 }),
    h('rect', { x: 0, y: 620, width: 800, height: 180, fill: ink, opacity: 0.08 }),
    h(
      'text',
      { x: 400, y: 380, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: ink, 'font-family': 'Georgia, serif', 'font-size': 220 },
      initialsOf(title),
    ),
    h(
      'text',
      { x: 400, y: 712, 'text-anchor': 'middle', fill: ink, 'font-family': 'system-ui, sans-serif', 'font-size': 34 },
      caption,
    ),
  );
  return fragment(trusted('<?xml version="1.0" encoding="UTF-8"?>\n'), svg).toString();
}
