/**
 * Whether JSON text nests arrays and objects deeper than `max`, found by counting brackets outside
 * strings: a scan of the raw text, so a body nested 20,000 levels deep is refused before anything
 * recursive (a parser, a validator, a walk over the value) ever sees it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
