/** True for PostgreSQL's unique_violation (23505), whether raised directly or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}
