import { errorKey, type FailureText } from '@protokoll/contract';
import { useTranslation } from '@protokoll/ui/i18n';

/** Turns SPEC §8 failures into the text of the active locale (server texts stay as they are). */
export function useFailureMessage(): (failure: FailureText | undefined) => string | undefined {
  const { t } = useTranslation();
  return (failure) => {
    if (!failure) return undefined;
    return 'code' in failure ? t(errorKey(failure.code)) : failure.message;
  };
}
