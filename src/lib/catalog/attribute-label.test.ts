import { describe, expect, it } from 'vitest';
import { attributeLabel } from './attribute-label.ts';

describe('attributeLabel', () => {
  it('reads codes in any case style as words', () => {
    expect(attributeLabel('CountryOfOrigin')).toBe('Country of origin');
    expect(attributeLabel('country_of_origin')).toBe('Country of origin');
    expect(attributeLabel('countryOfOrigin')).toBe('Country of origin');
    expect(attributeLabel('material')).toBe('Material');
    expect(attributeLabel('care-instructions')).toBe('Care instructions');
  });

  it('brackets a trailing unit', () => {
    expect(attributeLabel('WeightKg')).toBe('Weight (kg)');
    expect(attributeLabel('weight_kg')).toBe('Weight (kg)');
    expect(attributeLabel('LengthMm')).toBe('Length (mm)');
    expect(attributeLabel('battery_capacity_mah')).toBe('Battery capacity (mAh)');
    // A unit alone is the name, and ambiguous endings stay words.
    expect(attributeLabel('kg')).toBe('Kg');
    expect(attributeLabel('BuiltIn')).toBe('Built in');
  });

  it('keeps acronyms and numbers', () => {
    expect(attributeLabel('USBPorts')).toBe('USB ports');
    expect(attributeLabel('EAN')).toBe('EAN');
    expect(attributeLabel('screen_size_2')).toBe('Screen size 2');
  });

  it('keeps a code with no letters or digits as it is', () => {
    expect(attributeLabel('__')).toBe('__');
  });
});
