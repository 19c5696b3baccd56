import { describe, expect, it } from 'vitest';
import { parseOrderList } from './order-lines.ts';

const skusAndQtys = (text: string) => parseOrderList(text).lines.map(({ sku, qty }) => [sku, qty]);

describe('reading a quick-order list', () => {
  it('reads SKU and quantity separated by a comma, a semicolon or a tab, with the row of each', () => {
    expect(skusAndQtys('TS-MUG48, 2\nTS-SOCK24,10')).toEqual([['TS-MUG48', 2], ['TS-SOCK24', 10]]);
    expect(skusAndQtys('A;3\r\nB;4\r\n')).toEqual([['A', 3], ['B', 4]]);
    expect(skusAndQtys('A\t3\rB\t4')).toEqual([['A', 3], ['B', 4]]);
    // Each row its own: typed and copied rows mix; after the separator, the others are text.
    expect(skusAndQtys('A, 1\nB;2\nC\t3\nD;4;Mugs, case of 48')).toEqual([['A', 1], ['B', 2], ['C', 3], ['D', 4]]);
    expect(parseOrderList('\nA,1\n\n  \nB,2').lines.map((line) => line.row)).toEqual([2, 5]);
  });

  it('skips a header row, buys one of a SKU without a quantity, and ignores further columns', () => {
    expect(skusAndQtys('SKU,Quantity\nA,2')).toEqual([['A', 2]]);
    expect(skusAndQtys('sku\nA')).toEqual([['A', 1]]);
    expect(skusAndQtys('Item;Qty;Name\nA;2;Mugs, case of 48')).toEqual([['A', 2]]);
    // Only the first row can be a header: later it is a quantity that cannot be read.
    expect(parseOrderList('A,1\nSKU,Quantity').unread).toEqual([{ row: 2, text: 'SKU,Quantity', reason: 'The quantity must be a whole number from 1 to 10,000.' }]);
  });

  it('reads quoted fields as CSV files write them', () => {
    expect(skusAndQtys('"A,1",2\n"say ""hi""",3\n"MULTI\nLINE",4\nB,5')).toEqual([['A,1', 2], ['say "hi"', 3], ['MULTI\nLINE', 4], ['B', 5]]);
    expect(parseOrderList('"MULTI\nLINE",4\nB,5').lines.map((line) => line.row)).toEqual([1, 3]);
  });

  it('names each row it cannot read, and keeps the others', () => {
    const { lines, unread } = parseOrderList('A,2\n,3\nB,two\nC,0\nD,1.5\nE,10001\nF,-1\nG,10000');
    expect(lines.map(({ sku, qty }) => [sku, qty])).toEqual([['A', 2], ['G', 10_000]]);
    expect(unread.map(({ row, reason }) => [row, reason])).toEqual([
      [2, 'The SKU is missing.'],
      [3, 'The quantity must be a whole number from 1 to 10,000.'],
      [4, 'The quantity must be a whole number from 1 to 10,000.'],
      [5, 'The quantity must be a whole number from 1 to 10,000.'],
      [6, 'The quantity must be a whole number from 1 to 10,000.'],
      [7, 'The quantity must be a whole number from 1 to 10,000.'],
    ]);
    expect(parseOrderList(`${'X'.repeat(65)},1`).unread[0]?.reason).toBe('A SKU has at most 64 characters.');
  });

  it('takes at most 1,000 lines and names the rows beyond', () => {
    const text = Array.from({ length: 1002 }, (_, i) => `SKU-${i},1`).join('\n');
    const { lines, unread } = parseOrderList(text);
    expect(lines).toHaveLength(1000);
    expect(unread.map((row) => row.row)).toEqual([1001, 1002]);
  });

  it('reads nothing from an empty list', () => {
    expect(parseOrderList('')).toEqual({ lines: [], unread: [] });
    expect(parseOrderList('\n \n')).toEqual({ lines: [], unread: [] });
  });
});
