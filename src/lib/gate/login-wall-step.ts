/**
 * The login-wall step of the pipeline (DECISIONS.md 43): when the access module's manifest says
 * the wall covers the whole store for guests, a guest's GET of a page answers 302 to the wall's
 * target with `returnTo` (lib/gate/login-wall.ts decides which paths). It runs before markdown
 * negotiation and the edge cache, so neither a markdown view nor a cached page reaches a walled
 * guest. A signed-in customer is never walled. The store config is a memoized KV read.
 */
import type { Step } from '../pipeline/step.ts';
import { accessSettings, tradeApplyPath } from '../catalog/b2b-manifests.ts';
import { contentStore } from '../content/content-store.ts';
import { isOutsideWall, wallRedirect } from './login-wall.ts';

export interface LoginWallOptions {
  kv: KVNamespace;
  storeFor: (url: URL) => string;
  /** Whether the request comes from a signed-in customer (the session cookie): never walled. */
  isSignedIn: (request: Request) => Promise<boolean>;
}

export function loginWall({ kv, storeFor, isSignedIn }: LoginWallOptions): Step {
  return async function loginWallStep(context, next) {
    const { request, url } = context;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isOutsideWall(url.pathname)) return next();
    const config = await contentStore(kv, storeFor(url)).config();
    const wall = config ? accessSettings(config).wall : null;
    if (!config || !wall) return next();
    const location = wallRedirect(url, { wall, applyPath: tradeApplyPath(config) });
    if (location === null || (await isSignedIn(request))) return next();
    // Personal to nobody, but the same URL answers a signed-in customer differently: keep it nowhere.
    return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
  };
}
