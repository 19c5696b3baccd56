import type { Db } from '../db/database.ts';
import type { StoreView } from '../stores/store-view.ts';

/** Per-request values every route can read through `c.var`. */
export interface AppVariables {
  db: Db;
}

export interface AppEnv {
  Variables: AppVariables;
}

/** Routes scoped to a store view also see the resolved store. */
export interface StoreEnv {
  Variables: AppVariables & { store: StoreView };
}
