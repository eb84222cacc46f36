import { ErrorCode, isFailureText, type FailureText } from '@protokoll/contract';
import { useCallback, useRef, useState } from 'react';

/**
 * What a screen callback may return. A promise lets the dialog that asked stay open with a
 * spinner until the app's call settles: resolved closes it, rejected (with a `FailureText`)
 * shows why. Returning nothing closes it at once.
 */
export type ActionResult = void | Promise<unknown>;

/**
 * A promise's rejection as a `FailureText`: the app's callbacks reject with one; anything else
 * (a bug) reads as `internal`, which the screen words as its failed action.
 */
export function asFailureText(reason: unknown): FailureText {
  return isFailureText(reason) ? reason : { code: ErrorCode.INTERNAL };
}

export interface ActionState {
  /** The action's promise has not settled yet. */
  pending: boolean;
  /** Why the last run failed, or undefined. */
  error: FailureText | undefined;
  /** Runs `action`; `onDone` follows a success. Runs while one is pending are ignored. */
  run: (action: () => ActionResult, onDone?: () => void) => Promise<void>;
  /** Forgets a failure, e.g. when its dialog is closed. */
  reset: () => void;
  /**
   * Stops waiting for the pending run (Cancel, Escape): the dialog may close at once, and the
   * run's late outcome is ignored. The app's call still ends by its timeout
   * (docs/errors.md#every-action-ends).
   */
  cancel: () => void;
}

/** State of one asynchronous intent (create, move, delete …) of a dialog or form. */
export function useAction(): ActionState {
  const [state, setState] = useState<{ pending: boolean; error: FailureText | undefined }>({
    pending: false,
    error: undefined,
  });
  const { pending } = state;
  // Each run gets a number; one that is no longer the current run was cancelled.
  const current = useRef(0);
  const run = useCallback(
    async (action: () => ActionResult, onDone?: () => void) => {
      if (pending) return;
      const mine = ++current.current;
      setState({ pending: true, error: undefined });
      try {
        await action();
        if (mine !== current.current) return;
        setState({ pending: false, error: undefined });
        onDone?.();
      } catch (reason) {
        if (mine !== current.current) return;
        setState({ pending: false, error: asFailureText(reason) });
      }
    },
    [pending],
  );
  const reset = useCallback(() => setState({ pending: false, error: undefined }), []);
  const cancel = useCallback(() => {
    current.current++;
    setState({ pending: false, error: undefined });
  }, []);
  return { ...state, run, reset, cancel };
}

/**
 * Starts an intent whose failure the app reports itself (a toast), without leaving a rejected
 * promise unhandled here.
 */
export function fireAndForget(result: ActionResult): void {
  if (result instanceof Promise) result.catch(() => undefined);
}
