/**
 * What a submission's answer (DECISIONS.md 18) means for the visitor: the success message, or a
 * message with the errors per field. Shared by the no-JS route (into a flash) and the enhancement
 * script (into the page), so both paths say the same thing.
 */
import { z } from 'zod';

export interface FormOutcome {
  ok: boolean;
  message: string;
  errors: Record<string, string>;
}

const answerSchema = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});

const FALLBACK: Record<number, string> = {
  429: 'Too many submissions from here. Please try again later.',
  404: 'This form is not available any more.',
};
const GENERIC = 'Your message could not be sent. Please try again.';

export function formOutcome(status: number, body: unknown): FormOutcome {
  const answer = answerSchema.safeParse(body);
  const message = answer.success ? answer.data.message : undefined;
  if (status >= 200 && status < 300) return { ok: true, message: message || 'Thank you.', errors: {} };
  const errors = answer.success ? (answer.data.errors ?? {}) : {};
  // 5xx bodies are the backend's business; the visitor gets the plain sentence.
  const shown = status < 500 && message ? message : (FALLBACK[status] ?? GENERIC);
  return { ok: false, message: shown, errors };
}
