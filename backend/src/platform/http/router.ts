import { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import type { AppEnv } from './context.ts';
import { invalidRequest } from './validation.ts';

/** Every router validates with zod and answers failures with our 400 JSON (thrown to the one error handler). */
export function createRouter<E extends Env = AppEnv>(): OpenAPIHono<E> {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw invalidRequest(result.target, result.error);
    },
  });
}
