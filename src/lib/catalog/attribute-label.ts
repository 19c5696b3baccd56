/**
 * A person's words for an attribute code: the synced product carries only codes (`attributes` is
 * code → value, no labels), written however the shop's source named them: "country_of_origin",
 * "CountryOfOrigin", "weight-kg", "WeightKg". Words are split at separators and case changes (an
 * acronym stays whole: "USBPorts" → "USB ports"), the first capitalised and the rest lower case, and a
 * trailing unit becomes a bracketed unit ("WeightKg" → "Weight (kg)"), as a spec sheet prints it.
 */

/** Units a code may end with, as printed. Only unambiguous ones: "in", "m" or "l" may be words ("Built in"). */
const units: Record<string, string> = { kg: 'kg', g: 'g', mg: 'mg', lb: 'lb', lbs: 'lb', oz: 'oz', mm: 'mm', cm: 'cm', km: 'km', ml: 'ml', kwh: 'kWh', mah: 'mAh' };

/** Acronym runs ("USB" in "USBPorts"), capitalised or lower-case words, and numbers. */
const wordPattern = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

export function attributeLabel(code: string): string {
  const words = code.match(wordPattern) ?? [];
  if (words.length === 0) return code;
  const last = words.at(-1)!.toLowerCase();
  const unit = words.length > 1 && last in units ? units[last] : undefined;
  const named = (unit ? words.slice(0, -1) : words).map((word, index) => {
    // Acronyms keep their capitals; other words read in sentence case.
    if (word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word)) return word;
    return index === 0 ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : word.toLowerCase();
  });
  return unit ? `${named.join(' ')} (${unit})` : named.join(' ');
}
