import { describe, expect, it } from 'vitest';
import { renderTdmrep } from './tdm.ts';

describe('renderTdmrep', () => {
  it('reserves TDM rights for every path of the site', () => {
    expect(JSON.parse(renderTdmrep())).toEqual([{ location: '/', 'tdm-reservation': 1 }]);
  });
});
