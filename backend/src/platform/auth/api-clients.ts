import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { apiClients } from '../db/schema/index.ts';

/** Client secrets are 32 random bytes, so a fast hash is enough (no dictionary to guess from). */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export interface NewApiClient {
  clientId: string;
  /** Shown once; only its hash is kept. */
  clientSecret: string;
}

export async function createApiClient(db: Db, name: string): Promise<NewApiClient> {
  const clientId = `client_${randomBytes(9).toString('base64url')}`;
  const clientSecret = randomBytes(32).toString('base64url');
  await db.insert(apiClients).values({ clientId, name, secretHash: hashSecret(clientSecret) });
  return { clientId, clientSecret };
}

export async function revokeApiClient(db: Db, id: number): Promise<void> {
  await db.update(apiClients).set({ revokedAt: new Date() }).where(and(eq(apiClients.id, id), isNull(apiClients.revokedAt)));
}

export function listApiClients(db: Db) {
  return db.select().from(apiClients).orderBy(desc(apiClients.id));
}

/** True when the client exists, is not revoked and the secret matches (constant-time). */
export async function authenticateApiClient(db: Db, clientId: string, secret: string): Promise<boolean> {
  const [client] = await db
    .select({ secretHash: apiClients.secretHash })
    .from(apiClients)
    .where(and(eq(apiClients.clientId, clientId), isNull(apiClients.revokedAt)));
  const expected = Buffer.from(client?.secretHash ?? hashSecret(randomBytes(32).toString('base64url')));
  const actual = Buffer.from(hashSecret(secret));
  return client !== undefined && expected.length === actual.length && timingSafeEqual(expected, actual);
}
