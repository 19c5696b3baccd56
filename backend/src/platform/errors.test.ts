import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { AppError, errorHandler, notFoundHandler } from './errors.ts';

function appThatThrows(error: unknown, logged: unknown[]) {
  const app = new Hono();
  app.onError(errorHandler((_message, cause) => logged.push(cause)));
  app.notFound(notFoundHandler);
  app.get('/boom', () => {
    throw error;
  });
  return app;
}

describe('error handler', () => {
  it('turns an AppError into its status and JSON body', async () => {
    const logged: unknown[] = [];
    const app = appThatThrows(new AppError('conflict', 'sku_taken', 'That SKU exists.', { sku: 'A-1' }), logged);
    const response = await app.request('/boom');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'sku_taken', message: 'That SKU exists.', details: { sku: 'A-1' } });
    expect(logged).toEqual([]);
  });

  it('hides unknown errors behind a generic 500 and logs the cause', async () => {
    const logged: unknown[] = [];
    const cause = new Error('connection refused to db at 10.0.0.5');
    const response = await appThatThrows(cause, logged).request('/boom');
    expect(response.status).toBe(500);
    const body: unknown = await response.json();
    expect(body).toEqual({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
    expect(JSON.stringify(body)).not.toContain('10.0.0.5');
    expect(logged).toEqual([cause]);
  });

  it('keeps the status of client errors raised by Hono', async () => {
    const response = await appThatThrows(new HTTPException(413, { message: 'Payload too large' }), []).request('/boom');
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'payload_too_large', message: 'Payload too large' });
  });

  it('answers unknown routes with JSON', async () => {
    const response = await appThatThrows(null, []).request('/elsewhere');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});
