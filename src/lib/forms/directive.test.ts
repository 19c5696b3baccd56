import { describe, expect, it } from 'vitest';
import { formCodesIn, splitFormDirectives } from './directive.ts';

describe('splitFormDirectives', () => {
  it('splits content around a form directive and takes its own paragraph with it', () => {
    const html = '<h2>Write to us</h2><p>{{block type="customforms/form" form_code="contact"}}</p><p>Thanks.</p>';
    expect(splitFormDirectives(html)).toEqual([
      { kind: 'html', html: '<h2>Write to us</h2>' },
      { kind: 'form', code: 'contact' },
      { kind: 'html', html: '<p>Thanks.</p>' },
    ]);
  });

  it('reads attributes in any order and quoting', () => {
    expect(splitFormDirectives("{{block form_code='trade-application' type='customforms/form'}}")).toEqual([
      { kind: 'form', code: 'trade-application' },
    ]);
  });

  it('drops directives of other block types and malformed codes, never showing braces', () => {
    const html = 'a{{block type="cms/block" block_id="x"}}b{{block type="customforms/form" form_code="<x>"}}c';
    expect(splitFormDirectives(html)).toEqual([
      { kind: 'html', html: 'a' },
      { kind: 'html', html: 'b' },
      { kind: 'html', html: 'c' },
    ]);
  });

  it('leaves content without directives as one run', () => {
    expect(splitFormDirectives('<p>Plain</p>')).toEqual([{ kind: 'html', html: '<p>Plain</p>' }]);
  });
});

describe('formCodesIn', () => {
  it('lists each form once', () => {
    const html = '{{block type="customforms/form" form_code="contact"}}<p>{{block type="customforms/form" form_code="contact"}}</p>';
    expect(formCodesIn(html)).toEqual(['contact']);
  });
});
