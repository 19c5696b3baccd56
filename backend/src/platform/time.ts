/** The backend's wire format for instants: "YYYY-MM-DD HH:MM:SS", always UTC. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Date, optional time (space or T), optional zone. Without a zone the value is UTC, as everywhere in this API. */
const timestampPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Reads the backend format or ISO 8601; undefined for anything else, including impossible dates. */
export function parseTimestamp(value: string): Date | undefined {
  const match = timestampPattern.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour = '00', minute = '00', second = '00', zone = 'Z'] = match;
  // Date would silently roll February 30 over into March.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return undefined;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${zone}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
