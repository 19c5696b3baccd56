/**
 * The store view an `/api/*` call is for (DECISIONS.md 33): a client's `X-Store-Code` when it names
 * a configured store (the widget's `data-store-code` on a third-party page, whose host says
 * nothing), otherwise the host's store as for every other request (DECISIONS.md 8).
 */
import { DEFAULT_STORE } from '../content/keys.ts';

export function apiStore(requested: string | null, hostStore: string, configured: readonly string[]): string {
  const code = requested?.trim() ?? '';
  return code !== '' && (code === DEFAULT_STORE || configured.includes(code)) ? code : hostStore;
}
