/**
 * The state of one submitting form in an island: pending while the call runs (buttons show it),
 * the error message and the backend's per-field messages when it fails, a success message when it
 * worked. Each form owns one, so a failure in one form never shows up under another.
 */
import { createSignal, type Accessor } from 'solid-js';
import { ApiError } from './api-client.ts';
import { errorMessage } from './display.ts';

export interface FormAction {
  pending: Accessor<boolean>;
  error: Accessor<string | null>;
  /** The message for one field, from the backend's 4xx `details`. */
  fieldError: (name: string) => string | undefined;
  success: Accessor<string | null>;
  /** Runs `action` unless one is running; on success shows `done` (if given). */
  run: (action: () => Promise<void>, done?: string) => Promise<void>;
}

export function createFormAction(): FormAction {
  const [pending, setPending] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const [fields, setFields] = createSignal<Record<string, string>>({});
  const [success, setSuccess] = createSignal<string | null>(null);

  const run = async (action: () => Promise<void>, done?: string) => {
    if (pending()) return;
    setError(null);
    setFields({});
    setSuccess(null);
    setPending(true);
    try {
      await action();
      if (done) setSuccess(done);
    } catch (failure) {
      setError(errorMessage(failure));
      if (failure instanceof ApiError) setFields(failure.fields);
    } finally {
      setPending(false);
    }
  };

  return { pending, error, fieldError: (name) => fields()[name], success, run };
}
