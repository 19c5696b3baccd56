import { describe, expect, it } from 'vitest';
import { neutralise } from '../../../platform/csv.ts';
import { submissionsCsv } from './csv.ts';

describe('submissionsCsv', () => {
  it('starts with a BOM, has a column per field and quotes what needs quoting', () => {
    const csv = submissionsCsv(
      [{ key: 'name', label: 'Name' }, { key: 'message', label: 'Message' }, { key: 'consent', label: 'Consent' }],
      [{ id: 7, createdAt: '2026-11-24 06:00:00', storeCode: 'default', payload: { name: 'Zoë, "the" client', message: 'line 1\nline 2', consent: true } }],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe('Submission,Date (UTC),Store,Name,Message,Consent\r\n7,2026-11-24 06:00:00,default,"Zoë, ""the"" client","line 1\nline 2",yes\r\n');
  });

  it('neutralises formulas in every cell, headers included', () => {
    for (const formula of ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(neutralise(formula)).toBe(`'${formula}`);
    expect(neutralise('plain = fine')).toBe('plain = fine');
    const csv = submissionsCsv([{ key: 'x', label: '=cmd' }], [{ id: 1, createdAt: 'd', storeCode: 's', payload: { x: '=1+1' } }]);
    expect(csv).toContain("'=cmd");
    expect(csv).toContain("'=1+1");
  });
});
