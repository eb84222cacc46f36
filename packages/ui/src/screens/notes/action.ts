import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * What a screen callback may return. A promise lets the dialog that asked stay open with a
 * spinner until the app's call settles: resolved closes it, rejected shows why (see
 * `useFailureText`). Returning nothing closes it at once.
 */
export type ActionResult = void | Promise<unknown>;

/** A rejection the notes screens understand: an error code (`errors.*`) or a translated text. */
export type ActionFailure = { code: string; message?: string } | { message: string };

export interface ActionState {
  /** The action's promise has not settled yet. */
  pending: boolean;
  /** Why the last run failed (the rejection reason), or undefined. */
  error: unknown;
  /** Runs `action`; `onDone` follows a success. Runs while one is pending are ignored. */
  run: (action: () => ActionResult, onDone?: () => void) => Promise<void>;
  /** Forgets a failure, e.g. when its dialog is closed. */
  reset: () => void;
}

/** State of one asynchronous intent (create, move, delete …) of a dialog or form. */
export function useAction(): ActionState {
  const [state, setState] = useState<{ pending: boolean; error: unknown }>({
    pending: false,
    error: undefined,
  });
  const { pending } = state;
  const run = useCallback(
    async (action: () => ActionResult, onDone?: () => void) => {
      if (pending) return;
      setState({ pending: true, error: undefined });
      try {
        await action();
        setState({ pending: false, error: undefined });
        onDone?.();
      } catch (error) {
        // `undefined` would read as success: keep a marker so the fallback text shows.
        setState({ pending: false, error: error ?? new Error('failed') });
      }
    },
    [pending],
  );
  const reset = useCallback(() => setState({ pending: false, error: undefined }), []);
  return { ...state, run, reset };
}

/** The error code of a rejection (an ApiError or a `{ code }` failure), if it has one. */
export function failureCode(reason: unknown): string | undefined {
  if (typeof reason !== 'object' || reason === null || !('code' in reason)) return undefined;
  return typeof reason.code === 'string' ? reason.code : undefined;
}

/**
 * Turns a rejection into text: a known code through `errors.*`; a plain `{ message }` (already
 * translated, e.g. from `describeFailure`) as it is; anything else, including an `Error`'s
 * developer message, as the fallback key.
 */
export function useFailureText(): (reason: unknown, fallbackKey: string) => string | undefined {
  const { t, i18n } = useTranslation();
  return useCallback(
    (reason, fallbackKey) => {
      if (reason === undefined) return undefined;
      const code = failureCode(reason);
      if (code !== undefined) {
        return i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : t(fallbackKey);
      }
      if (
        typeof reason === 'object' &&
        reason !== null &&
        !(reason instanceof Error) &&
        'message' in reason &&
        typeof reason.message === 'string' &&
        reason.message
      ) {
        return reason.message;
      }
      return t(fallbackKey);
    },
    [t, i18n],
  );
}

/** Translates a message that is an i18n key (zod messages, `note.error`); other text stays. */
export function useMessageText(): (message: string | null | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message) => {
      if (!message) return undefined;
      return i18n.exists(message) ? t(message) : message;
    },
    [t, i18n],
  );
}

/**
 * Starts an intent whose failure the app reports itself (a toast), without leaving a rejected
 * promise unhandled here.
 */
export function fireAndForget(result: ActionResult): void {
  if (result instanceof Promise) result.catch(() => undefined);
}
