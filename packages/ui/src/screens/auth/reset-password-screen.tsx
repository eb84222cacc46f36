import { zodResolver } from '@hookform/resolvers/zod';
import type { FailureText, FieldIssue, ResetPasswordBody } from '@protokoll/contract';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Form, TextFormField, useServerFieldErrors } from '../../components/form.tsx';
import { FormErrorAlert } from '../../components/form-error-alert.tsx';
import { AuthLayout } from '../../layouts/auth-layout.tsx';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import { ItemLink } from '../../lib/render-link.tsx';
import { StatusPanel, TextLink, type AuthScreenBaseProps } from './auth-parts.tsx';
import { PasswordStrength } from './password-strength.tsx';

/**
 * The contract's new password plus a form-only repetition. The token comes from the link, so the
 * app adds it; the repetition never leaves the screen.
 */
const resetPasswordResolver = lazyResolver(() =>
  import('@protokoll/contract/auth').then(({ LoginBody, ResetPasswordBody }) =>
    zodResolver(
      ResetPasswordBody.pick({ password: true })
        .extend({ confirmPassword: LoginBody.shape.password })
        .refine((values) => values.password === values.confirmPassword, {
          path: ['confirmPassword'],
          error: 'auth.resetPassword.mismatch',
        }),
    ),
  ),
);

/** What the form hands over: the new password (the app adds the link's token). */
export type ResetPasswordValues = Pick<ResetPasswordBody, 'password'>;

const resetPasswordFields = ['password', 'confirmPassword'] as const;

export interface ResetPasswordScreenProps extends AuthScreenBaseProps {
  /**
   * `form`: choose a new password. `success`: it was saved; offers the sign-in page.
   * `invalidToken`: the link is missing, used or expired; offers a new link.
   */
  status: 'form' | 'success' | 'invalidToken';
  /** The form passed validation; the app resets the password with the link's token. */
  onSubmit: (values: ResetPasswordValues) => void | Promise<void>;
  /** The reset call is running: the submit button shows a spinner and blocks. */
  submitting?: boolean;
  /** Why the last attempt failed; shown above the form. */
  error?: FailureText;
  /** Field issues of a 422 answer (`password`). */
  fieldErrors?: FieldIssue[];
  /** Sign-in page of the active locale. */
  loginHref: string;
  /** "Forgot password" page of the active locale, to request a new link. */
  forgotPasswordHref: string;
}

/** Sets a new password from an e-mailed link: form, success, or a broken link. */
export function ResetPasswordScreen({
  status,
  onSubmit,
  submitting = false,
  error,
  fieldErrors,
  loginHref,
  forgotPasswordHref,
  languageSwitch,
  homeHref,
  siteFooter,
}: ResetPasswordScreenProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: resetPasswordResolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { isSubmitted } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  useServerFieldErrors(form.setError, fieldErrors, resetPasswordFields);

  const title = {
    form: t('auth.resetPassword.title'),
    success: t('auth.resetPassword.successTitle'),
    invalidToken: t('auth.resetPassword.invalidTitle'),
  }[status];

  return (
    <AuthLayout
      title={title}
      description={status === 'form' ? t('auth.resetPassword.description') : undefined}
      languageSwitch={languageSwitch}
      siteFooter={siteFooter}
      homeHref={homeHref}
      footer={
        status === 'success' ? undefined : (
          <TextLink linkKey="login" href={loginHref}>
            {t('auth.backToLogin')}
          </TextLink>
        )
      }
    >
      {status === 'success' ? (
        <div className="grid gap-6">
          <StatusPanel variant="success" focusOnMount={isSubmitted}>
            {t('auth.resetPassword.success')}
          </StatusPanel>
          <Button asChild className="w-full">
            <ItemLink item={{ key: 'login', label: t('auth.toLogin'), href: loginHref }}>
              {t('auth.toLogin')}
            </ItemLink>
          </Button>
        </div>
      ) : status === 'invalidToken' ? (
        <div className="grid gap-6">
          <StatusPanel variant="danger">{t('auth.resetPassword.invalid')}</StatusPanel>
          <Button asChild className="w-full">
            <ItemLink
              item={{
                key: 'forgotPassword',
                label: t('auth.resetPassword.requestNew'),
                href: forgotPasswordHref,
              }}
            >
              {t('auth.resetPassword.requestNew')}
            </ItemLink>
          </Button>
        </div>
      ) : (
        <div className="grid gap-6">
          <FormErrorAlert error={error} submitting={submitting} />
          <Form {...form}>
            <form
              noValidate
              className="grid gap-4"
              onSubmit={(event) =>
                void form.handleSubmit((values) => onSubmit({ password: values.password }))(event)
              }
            >
              <TextFormField
                name="password"
                label={t('auth.fields.newPassword')}
                password
                autoComplete="new-password"
                description={<PasswordStrength password={password} />}
              />
              <TextFormField
                name="confirmPassword"
                label={t('auth.fields.confirmPassword')}
                password
                autoComplete="new-password"
              />
              <Button type="submit" loading={submitting} className="mt-2 w-full">
                {t('auth.resetPassword.submit')}
              </Button>
            </form>
          </Form>
        </div>
      )}
    </AuthLayout>
  );
}
