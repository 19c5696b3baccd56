import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyedDebouncer } from './debouncer.ts';

describe('keyed debouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once per key for a burst, with every item, after the window', async () => {
    const runs: [string, number[]][] = [];
    const debouncer = new KeyedDebouncer<string, number>(100, async (key, items) => void runs.push([key, items]), () => {});
    debouncer.request('products', 1);
    await vi.advanceTimersByTimeAsync(60);
    debouncer.request('products', 2);
    debouncer.request('cms-pages', 9);
    await vi.advanceTimersByTimeAsync(60);
    // The second request restarted the products window.
    expect(runs).toEqual([]);
    debouncer.request('products', 3);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual([
      ['cms-pages', [9]],
      ['products', [1, 2, 3]],
    ]);
  });

  it('runs again after a running task when saves came meanwhile, never two at once', async () => {
    let release: () => void = () => {};
    const runs: number[][] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const debouncer = new KeyedDebouncer<string, number>(
      10,
      async (_key, items) => {
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        runs.push(items);
        await new Promise<void>((resolve) => (release = resolve));
        concurrent--;
      },
      () => {},
    );
    debouncer.request('products', 1);
    await vi.advanceTimersByTimeAsync(10);
    debouncer.request('products', 2);
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toEqual([[1]]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([[1], [2]]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(maxConcurrent).toBe(1);
  });

  it('reports a failing task and keeps working; stop drops waiting requests', async () => {
    const errors: unknown[] = [];
    const runs: number[][] = [];
    const debouncer = new KeyedDebouncer<string, number>(
      10,
      async (_key, items) => {
        runs.push(items);
        if (items.includes(1)) throw new Error('boom');
      },
      (_key, error) => errors.push(error),
    );
    debouncer.request('products', 1);
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toHaveLength(1);
    debouncer.request('products', 2);
    expect(debouncer.pendingKeys()).toEqual(['products']);
    await debouncer.stop();
    debouncer.request('products', 3);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual([[1]]);
  });
});
