import { describe, expect, it } from 'vitest';
import { EventBus } from './event-bus.ts';

describe('event bus', () => {
  it('awaits handlers in subscription order and stops calling unsubscribed ones', async () => {
    const bus = new EventBus();
    const calls: string[] = [];
    bus.on('order_placed', async ({ number }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      calls.push(`first ${number}`);
    });
    const off = bus.on('order_placed', ({ number }) => void calls.push(`second ${number}`));
    await bus.emit('order_placed', { orderId: 1, number: '100000001', customerId: null });
    off();
    await bus.emit('order_placed', { orderId: 2, number: '100000002', customerId: null });
    expect(calls).toEqual(['first 100000001', 'second 100000001', 'first 100000002']);
    expect(bus.hasSubscribers('customer_registered')).toBe(false);
  });

  it('fails the emit when a handler fails', async () => {
    const bus = new EventBus();
    bus.on('customer_registered', () => {
      throw new Error('boom');
    });
    await expect(bus.emit('customer_registered', { customerId: 1, email: 'a@b.c' })).rejects.toThrow('boom');
  });
});
