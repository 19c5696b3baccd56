import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncSchedule } from './scheduler.ts';

describe('sync schedule (croner)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:30Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('runs on the expression, moves to a new one, and stops when blank', async () => {
    let runs = 0;
    const schedule = new SyncSchedule(async () => void runs++);
    schedule.set('*/5 * * * *');
    expect(schedule.nextRun()?.toISOString()).toBe('2026-01-01T00:05:00.000Z');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toBe(3);
    schedule.set('0 3 * * *');
    expect(schedule.nextRun()?.toISOString()).toBe('2026-01-01T03:00:00.000Z');
    schedule.set('');
    expect(schedule.nextRun()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(runs).toBe(3);
  });

  it('stops on shutdown', async () => {
    let runs = 0;
    const schedule = new SyncSchedule(async () => void runs++);
    schedule.set('* * * * *');
    schedule.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toBe(0);
  });
});
