/**
 * Where in a parsed request body the first refused text stands: the dotted path of the first key or
 * string value `refuses`, or undefined. One walk for every rule the input guard applies to JSON
 * (control characters, unpaired surrogates, `__proto__` keys). With an explicit stack: the body is
 * never trusted to be shallow.
 */
import { printable } from './control-characters.ts';

export function refusedTextPath(value: unknown, refuses: (text: string, isKey: boolean) => boolean): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (refuses(current, false)) return path || '(body)';
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${printable(key)}` : printable(key);
        if (refuses(key, true)) return itemPath;
        stack.push({ value: item, path: itemPath });
      }
    }
  }
  return undefined;
}
