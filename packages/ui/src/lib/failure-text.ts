import type { MessageKey } from './i18next.ts';
import { errorKey, type FailureText } from '@protokoll/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one way a screen turns a failure into text (docs/errors.md). The app maps every thrown
 * error to a `FailureText` with the contract's `describeFailure`; screens take it as their
 * `error` prop and show it through this hook: a code reads through `errors.*`, a server-worded
 * message as sent. `fallbackKey` words the failed action where the failure itself says nothing
 * more specific than "something went wrong" (code `internal`).
 */
export function useFailureText(): (
  failure: FailureText | undefined,
  fallbackKey?: string,
) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (failure, fallbackKey) => {
      if (!failure) return undefined;
      if ('message' in failure) return failure.message;
      // `'internal'` spelled out: ErrorCode would bring all of errors.ts onto the sign-in page.
      if (failure.code === 'internal' && fallbackKey) return t(fallbackKey as MessageKey);
      return t(errorKey(failure.code));
    },
    [t],
  );
}
