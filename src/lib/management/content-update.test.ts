import { describe, expect, it } from 'vitest';
import { validateContentRecord } from './content-update.ts';

const cmsPage = {
  id: 3, identifier: 'about-us', title: 'About', contentHeading: '', content: '<p>Hi</p>', metaTitle: '', metaDescription: '', isActive: true,
  updatedAt: '2026-11-01 10:00:00',
};

describe('validateContentRecord', () => {
  it('accepts a record under its own key and keeps updatedAt for the metadata', () => {
    expect(validateContentRecord('default:cms:about-us', cmsPage)).toEqual({
      key: { kind: 'cms', store: 'default', identifier: 'about-us' },
      value: cmsPage,
      updatedAt: '2026-11-01 10:00:00',
    });
    expect(validateContentRecord('au:countries', [{ id: 'AU', name: 'Australia', regions: [] }])).toMatchObject({
      key: { kind: 'countries', store: 'au' },
    });
  });

  it('refuses keys outside the SPEC.md table', () => {
    expect(validateContentRecord('default:secrets', {})).toEqual({ field: 'key', message: 'is not a key of the SPEC.md KV table' });
    expect(validateContentRecord('freshness:default:config', {})).toMatchObject({ field: 'key' });
  });

  it('names the first invalid field of the value', () => {
    expect(validateContentRecord('default:cms:about-us', { ...cmsPage, title: 42 })).toMatchObject({ field: 'value.title' });
    expect(validateContentRecord('default:countries', { not: 'a list' })).toMatchObject({ field: 'value' });
  });

  it('refuses a record that disagrees with its key', () => {
    expect(validateContentRecord('default:cms:privacy', cmsPage)).toMatchObject({ field: 'value.identifier' });
    expect(
      validateContentRecord('default:products:category:4:page:2', {
        categoryId: 4,
        page: 1,
        pageSize: 24,
        totalItems: 0,
        totalPages: 1,
        products: [],
      }),
    ).toMatchObject({ field: 'value.page' });
  });
});
