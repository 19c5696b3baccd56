/** Who is calling, resolved from the Authorization header (the group always read from the database). */
export type Caller =
  | { kind: 'guest'; groupId: 0 }
  | { kind: 'customer'; customerId: number; email: string; groupId: number; tokenId: string; scope: string[] }
  | { kind: 'client'; clientId: string; groupId: 0; tokenId: string; scope: string[] }
  /** An admin user through the password grant with scope "admin" (for admin APIs of modules). */
  | { kind: 'admin'; adminId: number; email: string; groupId: 0; tokenId: string; scope: string[] };

export const guest: Caller = { kind: 'guest', groupId: 0 };

/** The NOT LOGGED IN group: guests and API clients see guest prices. */
export const notLoggedInGroupId = 0;
