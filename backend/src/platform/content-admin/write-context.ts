import type { AuditActor } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import type { Notifications } from '../events/notifications.ts';

/** What an admin write needs: the database (or the transaction it runs in), the notifications it publishes, and who makes it (for the audit log). */
export interface AdminWriteContext {
  db: Db;
  notifications: Notifications;
  actor: AuditActor;
}
