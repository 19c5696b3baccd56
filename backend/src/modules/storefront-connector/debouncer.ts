interface Slot<T> {
  items: T[];
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

/**
 * Coalesces bursts per key (trailing debounce): every request restarts the key's window, and when
 * the window closes the task runs once with every item collected. A request that arrives while the
 * task of its key runs waits for it, then runs again, so the last save is always followed by a sync.
 */
export class KeyedDebouncer<K, T> {
  readonly #slots = new Map<K, Slot<T>>();
  readonly #waitMs: number;
  readonly #task: (key: K, items: T[]) => Promise<void>;
  readonly #onError: (key: K, error: unknown) => void;
  #stopped = false;

  constructor(waitMs: number, task: (key: K, items: T[]) => Promise<void>, onError: (key: K, error: unknown) => void) {
    this.#waitMs = waitMs;
    this.#task = task;
    this.#onError = onError;
  }

  request(key: K, item: T): void {
    if (this.#stopped) return;
    const slot = this.#slots.get(key) ?? { items: [] };
    this.#slots.set(key, slot);
    slot.items.push(item);
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.#fire(key, slot), this.#waitMs);
  }

  #fire(key: K, slot: Slot<T>): void {
    slot.timer = undefined;
    if (slot.running || this.#stopped) return;
    const items = slot.items;
    slot.items = [];
    slot.running = this.#task(key, items)
      .catch((error: unknown) => this.#onError(key, error))
      .finally(() => {
        slot.running = undefined;
        // Requests that came during the run and whose window already closed go now.
        if (slot.items.length > 0 && !slot.timer) this.#fire(key, slot);
      });
  }

  /** Keys with requests still waiting for their window to close. */
  pendingKeys(): K[] {
    return [...this.#slots].filter(([, slot]) => slot.items.length > 0).map(([key]) => key);
  }

  /** Drops waiting requests and waits for running tasks; later requests are ignored. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const slot of this.#slots.values()) clearTimeout(slot.timer);
    await Promise.all([...this.#slots.values()].map((slot) => slot.running));
  }
}
