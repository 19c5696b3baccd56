import { describe, expect, it } from 'vitest';
import { GlobalPurgeFailed, purgeTagsEverywhere } from './global-purge.ts';

const zone = { zoneId: 'z1', apiToken: 'token', apiOrigin: 'https://cf.example' };

/** A fetch that answers the statuses in turn (then 200) and records each body. */
function answering(...statuses: number[]) {
  const bodies: unknown[] = [];
  const send = (async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    const status = statuses.shift() ?? 200;
    return new Response(JSON.stringify({ success: status < 300, errors: [] }), { status, headers: status === 429 ? { 'Retry-After': '0' } : {} });
  }) as unknown as typeof fetch;
  return { send, bodies };
}

describe('purge by tag through the Cloudflare API', () => {
  it('retries a 5xx and a 429, one batch after another', async () => {
    const { send, bodies } = answering(503, 429);
    const tags = Array.from({ length: 31 }, (_, i) => `p-${i}`);
    await purgeTagsEverywhere(tags, { ...zone }, send);
    expect(bodies.map((body) => (body as { tags: string[] }).tags.length)).toEqual([30, 30, 30, 1]);
  }, 10_000);

  it('fails at once on a refusal, and on an answer that says it did not succeed', async () => {
    const refused = answering(403);
    await expect(purgeTagsEverywhere(['p-1'], zone, refused.send)).rejects.toThrow(GlobalPurgeFailed);
    expect(refused.bodies).toHaveLength(1);
    const unsuccessful = (async () => new Response(JSON.stringify({ success: false, errors: [{ code: 1134 }] }))) as unknown as typeof fetch;
    await expect(purgeTagsEverywhere(['p-1'], zone, unsuccessful)).rejects.toThrow('1134');
  });
});
