import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/database.ts';
import type { ProductDetail } from '../../domains/catalog/products/schemas.ts';

/**
 * Annotations: events that run inside a request, once per response, and shape its answer (SPEC.md
 * "B2B integration contract" 2). Open to modules by declaration merging, like NotificationMap.
 */
export interface AnnotationMap {
  /**
   * The product records of one answer (a listing page, a detail, search results) are about to be sent.
   * Handlers edit `records` in place: `extensions`, or prices withheld. `customer_group_id` is the
   * caller's group (0 for guests), as SPEC.md's event carries it.
   */
  api_product_dto_build: {
    records: ProductDetail[];
    customer_group_id: number;
    caller: Caller;
    storeCode: string;
    /** ISO 3166 alpha-2 when known (the signed-in customer's default shipping address), else null. */
    country: string | null;
    view: 'listing' | 'detail';
  };
}

export type AnnotationName = keyof AnnotationMap;
export type AnnotationPayload<A extends AnnotationName> = AnnotationMap[A];

type Handler<A extends AnnotationName> = (payload: AnnotationPayload<A>, db: Db) => Promise<void>;

/** The handlers of each annotation, in module order; the platform binds each module's context. */
export class Annotations {
  readonly #handlers = new Map<AnnotationName, Handler<never>[]>();

  add<A extends AnnotationName>(annotation: A, handler: Handler<A>): void {
    this.#handlers.set(annotation, [...(this.#handlers.get(annotation) ?? []), handler as Handler<never>]);
  }

  has(annotation: AnnotationName): boolean {
    return (this.#handlers.get(annotation)?.length ?? 0) > 0;
  }

  /** Runs every handler in turn; one that throws fails the request (the answer would be wrong without it). */
  async run<A extends AnnotationName>(annotation: A, payload: AnnotationPayload<A>, db: Db): Promise<void> {
    for (const handler of this.#handlers.get(annotation) ?? []) await (handler as Handler<A>)(payload, db);
  }
}
