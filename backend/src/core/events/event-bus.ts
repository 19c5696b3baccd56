import type { EventMap, EventName } from './event-map.ts';

export type EventHandler<E extends EventName> = (payload: EventMap[E]) => void | Promise<void>;

/**
 * In-process, typed publish/subscribe. Handlers run in subscription order and are awaited, so a
 * subscriber annotating a product record has finished before the record is sent. A failing handler
 * fails the emit: callers publish after their transaction committed, so nothing is half-written.
 */
export class EventBus {
  readonly #handlers = new Map<EventName, EventHandler<never>[]>();

  on<E extends EventName>(event: E, handler: EventHandler<E>): () => void {
    const list = this.#handlers.get(event) ?? [];
    list.push(handler as EventHandler<never>);
    this.#handlers.set(event, list);
    return () => {
      const index = list.indexOf(handler as EventHandler<never>);
      if (index >= 0) list.splice(index, 1);
    };
  }

  hasSubscribers(event: EventName): boolean {
    return (this.#handlers.get(event)?.length ?? 0) > 0;
  }

  async emit<E extends EventName>(event: E, payload: EventMap[E]): Promise<void> {
    for (const handler of this.#handlers.get(event) ?? []) await (handler as EventHandler<E>)(payload);
  }
}
