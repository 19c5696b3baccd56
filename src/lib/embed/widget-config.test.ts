import { describe, expect, it } from 'vitest';
import { storeConfig } from '../agents/test-support.ts';
import { detectedCountry, widgetConfig } from './widget-config.ts';

describe('detectedCountry', () => {
  it('is the edge country code, or "" when the edge names none', () => {
    expect(detectedCountry({ country: 'AU' })).toBe('AU');
    for (const cf of [undefined, {}, { country: 'XX' }, { country: 'T1' }, { country: 'au' }, { country: 7 }]) {
      expect(detectedCountry(cf)).toBe('');
    }
  });
});

describe('widgetConfig', () => {
  it('takes currency and default country from the store config', () => {
    expect(widgetConfig({ ...storeConfig, baseCurrencyCode: 'AUD', defaultCountry: 'AU' }, 'NZ')).toEqual({
      currency: 'AUD', defaultCountry: 'AU', paymentProvider: 'test', paymentPublishableKey: '', mapsKey: null, detectedCountry: 'NZ',
    });
  });

  it('takes the payment provider and the keys the backend synced with the store config', () => {
    const widget = { paymentProvider: 'stripe' as const, paymentPublishableKey: 'pk_test_abcdefgh123', mapsKey: 'maps-key-0123456789' };
    expect(widgetConfig({ ...storeConfig, widget }, '')).toMatchObject({ paymentProvider: 'stripe', paymentPublishableKey: 'pk_test_abcdefgh123', mapsKey: 'maps-key-0123456789', detectedCountry: '' });
  });
});
