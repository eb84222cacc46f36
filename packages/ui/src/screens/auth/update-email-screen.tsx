import { ErrorCode, type FailureText } from '@protokoll/contract';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { AuthLayout } from '../../layouts/auth-layout.tsx';
import { ItemLink } from '../../lib/render-link.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { StatusPanel, type AuthScreenBaseProps } from './auth-parts.tsx';

export interface UpdateEmailScreenProps extends AuthScreenBaseProps {
  /**
   * `confirming`: the link's token is being checked. `success`: the new address is active.
   * `invalidToken`: the link is missing, used or expired. `error`: the call failed otherwise
   * (offline, timeout, server); `onRetry` tries again.
   */
  status: 'confirming' | 'success' | 'invalidToken' | 'error';
  /** Why the confirmation failed, for `status="error"`; a generic text when left out. */
  error?: FailureText;
  /** "Try again" was pressed (`status="error"`). */
  onRetry?: () => void;
  /** The confirmed new address, named in the success message when given. */
  email?: string;
  /**
   * Where to go next: the profile settings when signed in, otherwise the sign-in page
   * (see `signedIn`).
   */
  continueHref: string;
  /** Picks the wording of the continue link: "Zu den Einstellungen" or "Zur Anmeldung". */
  signedIn?: boolean;
}

/** Confirms an e-mail change from the e-mailed link: working, done, broken link, or failed call. */
export function UpdateEmailScreen({
  status,
  error,
  onRetry,
  email,
  continueHref,
  signedIn = false,
  languageSwitch,
  homeHref,
  siteFooter,
}: UpdateEmailScreenProps) {
  const { t } = useTranslation();
  const errorText = useFailureText()(error ?? { code: ErrorCode.INTERNAL });
  const continueLabel = signedIn ? t('auth.updateEmail.toSettings') : t('auth.toLogin');

  const title = {
    confirming: t('auth.updateEmail.title'),
    success: t('auth.updateEmail.successTitle'),
    invalidToken: t('auth.updateEmail.invalidTitle'),
    error: t('auth.updateEmail.errorTitle'),
  }[status];

  const continueLink = (
    <Button asChild variant={status === 'success' ? 'primary' : 'outline'} className="w-full">
      <ItemLink item={{ key: 'continue', label: continueLabel, href: continueHref }}>
        {continueLabel}
      </ItemLink>
    </Button>
  );

  return (
    <AuthLayout
      title={title}
      languageSwitch={languageSwitch}
      siteFooter={siteFooter}
      homeHref={homeHref}
    >
      <div className="grid gap-6" aria-busy={status === 'confirming' || undefined}>
        {status === 'confirming' ? (
          <p className="flex items-center gap-3 text-muted-foreground">
            <Spinner label={null} size={20} className="text-primary" />
            <span role="status">{t('auth.updateEmail.confirming')}</span>
          </p>
        ) : null}
        {status === 'success' ? (
          <StatusPanel variant="success" focusOnMount>
            {email
              ? t('auth.updateEmail.successWithEmail', { email })
              : t('auth.updateEmail.success')}
          </StatusPanel>
        ) : null}
        {status === 'invalidToken' ? (
          <StatusPanel variant="danger" focusOnMount>
            {t('auth.updateEmail.invalid')}
          </StatusPanel>
        ) : null}
        {status === 'error' ? (
          <StatusPanel variant="danger" focusOnMount>
            {errorText}
          </StatusPanel>
        ) : null}
        {status === 'error' && onRetry ? (
          <Button onClick={onRetry} className="w-full">
            <RotateCw aria-hidden />
            {t('common.retry')}
          </Button>
        ) : null}
        {status === 'confirming' ? null : continueLink}
      </div>
    </AuthLayout>
  );
}
