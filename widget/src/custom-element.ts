/**
 * `customElement(tag, defaults, Component)` as ARCHITECTURE.md's widget rules use it: Solid's
 * binding of solid-element (`withSolid`: reactive props, render into the root, dispose on
 * release) on a minimal element of our own instead of component-register's `register`, whose
 * attribute reflection and lifecycle mixins the widget does not use and whose 3.5 KB did not fit
 * the `/embed.js` budget. Open shadow root; every prop has a default and is a property of the
 * element, settable before or after it is connected.
 */
import { withSolid } from 'solid-element';
import type { JSX } from 'solid-js';

export interface ElementOptions {
  element: HTMLElement & { renderRoot: ShadowRoot };
}

type Component<P> = (props: P, options: ElementOptions) => JSX.Element;

export function customElement<P extends object>(tag: string, defaults: P, component: Component<P>): void {
  if (customElements.get(tag)) return;
  const mount = withSolid(component as never) as (props: P, options: object) => void;
  class SolidElement extends HTMLElement {
    renderRoot = this.attachShadow({ mode: 'open' });
    props: P = { ...defaults };
    changed?: (key: string, value: unknown) => void;
    release?: () => void;

    connectedCallback() {
      if (!this.release) mount(this.props, { element: this });
    }

    disconnectedCallback() {
      // A move (removed, then inserted elsewhere in the same task) keeps the rendered tree.
      queueMicrotask(() => {
        if (this.isConnected) return;
        this.release?.();
        this.release = undefined;
      });
    }

    addPropertyChangedCallback(callback: (key: string, value: unknown) => void) {
      this.changed = callback;
    }

    addReleaseCallback(callback: () => void) {
      this.release = callback;
    }
  }
  for (const key of Object.keys(defaults)) {
    Object.defineProperty(SolidElement.prototype, key, {
      get(this: SolidElement) {
        return this.props[key as keyof P];
      },
      set(this: SolidElement, value: unknown) {
        this.props[key as keyof P] = value as P[keyof P];
        this.changed?.(key, value);
      },
    });
  }
  customElements.define(tag, SolidElement);
}
