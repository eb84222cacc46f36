import { zodResolver } from '@hookform/resolvers/zod';
import type { FailureText, FieldIssue, ForgotPasswordBody } from '@protokoll/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Form, TextFormField, useServerFieldErrors } from '../../components/form.tsx';
import { FormErrorAlert } from '../../components/form-error-alert.tsx';
import { AuthLayout } from '../../layouts/auth-layout.tsx';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import { StatusPanel, TextLink, type AuthScreenBaseProps } from './auth-parts.tsx';

/** The form part of the contract's body; the app adds `locale`. */
const forgotPasswordResolver = lazyResolver(() =>
  import('@protokoll/contract/auth').then((contract) =>
    zodResolver(contract.ForgotPasswordBody.pick({ email: true })),
  ),
);

/** What the form hands over: the e-mail address, trimmed and lower-cased. */
export type ForgotPasswordValues = Pick<ForgotPasswordBody, 'email'>;

const forgotPasswordFields = ['email'] as const;

export interface ForgotPasswordScreenProps extends AuthScreenBaseProps {
  /**
   * `form`: ask for the e-mail address. `sent`: the request went through; the screen says a mail
   * was sent if an account exists, never whether it does.
   */
  status: 'form' | 'sent';
  /** The form passed validation; the app requests the reset mail. */
  onSubmit: (values: ForgotPasswordValues) => void | Promise<void>;
  /** The request is running: the submit button shows a spinner and blocks. */
  submitting?: boolean;
  /** Why the request failed (offline, timeout, too many attempts …); shown above the form. */
  error?: FailureText;
  /** Field issues of a 422 answer. */
  fieldErrors?: FieldIssue[];
  /** Sign-in page of the active locale. */
  loginHref: string;
  /** Pre-fills the e-mail field, e.g. with what was typed on the sign-in page. */
  defaultEmail?: string;
}

/** Requests a password-reset link, then confirms it without revealing whether the account exists. */
export function ForgotPasswordScreen({
  status,
  onSubmit,
  submitting = false,
  error,
  fieldErrors,
  loginHref,
  defaultEmail = '',
  languageSwitch,
  homeHref,
  siteFooter,
}: ForgotPasswordScreenProps) {
  const { t } = useTranslation();
  // Remembered so the confirmation can name the address; empty when the screen starts as `sent`.
  const [sentTo, setSentTo] = useState('');
  const form = useForm({
    resolver: forgotPasswordResolver,
    defaultValues: { email: defaultEmail },
  });
  useServerFieldErrors(form.setError, fieldErrors, forgotPasswordFields);

  const sent = status === 'sent';
  return (
    <AuthLayout
      title={sent ? t('auth.forgotPassword.sentTitle') : t('auth.forgotPassword.title')}
      description={sent ? undefined : t('auth.forgotPassword.description')}
      languageSwitch={languageSwitch}
      siteFooter={siteFooter}
      homeHref={homeHref}
      footer={
        <TextLink linkKey="login" href={loginHref}>
          {t('auth.backToLogin')}
        </TextLink>
      }
    >
      {sent ? (
        <div className="grid gap-4">
          <StatusPanel variant="success" focusOnMount={sentTo !== ''}>
            {sentTo
              ? t('auth.forgotPassword.sent', { email: sentTo })
              : t('auth.forgotPassword.sentGeneric')}
          </StatusPanel>
          <p className="text-sm text-muted-foreground">{t('auth.forgotPassword.spamHint')}</p>
        </div>
      ) : (
        <div className="grid gap-6">
          <FormErrorAlert error={error} submitting={submitting} />
          <Form {...form}>
            <form
              noValidate
              className="grid gap-4"
              onSubmit={(event) =>
                void form.handleSubmit((values) => {
                  setSentTo(values.email);
                  return onSubmit(values);
                })(event)
              }
            >
              <TextFormField
                name="email"
                label={t('auth.fields.email')}
                type="email"
                autoComplete="email"
              />
              <Button type="submit" loading={submitting} className="w-full">
                {t('auth.forgotPassword.submit')}
              </Button>
            </form>
          </Form>
        </div>
      )}
    </AuthLayout>
  );
}
