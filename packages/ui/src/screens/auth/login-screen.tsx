import type { FailureText, FieldIssue, LoginBody } from '@protokoll/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
// The FormItem parts straight from field.tsx: form.tsx would bring react-hook-form along.
import {
  FormControl,
  FormFieldState,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../components/field.tsx';
import { FormErrorAlert } from '../../components/form-error-alert.tsx';
import { Input } from '../../components/input.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { AuthLayout } from '../../layouts/auth-layout.tsx';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { GoogleArea, TextLink, type AuthScreenBaseProps } from './auth-parts.tsx';

/** What the sign-in form hands over: the contract's login body (e-mail trimmed, lower-cased). */
export type LoginValues = LoginBody;

// The one form without react-hook-form (see components/form.tsx): its 12 KiB do not fit the
// sign-in page's 100 KiB first-paint budget. useSchemaForm keeps the same behaviour with the
// same schema.
const loadLoginSchema = () => import('@protokoll/contract/auth').then((c) => c.LoginBody);

const loginFields = ['email', 'password'] as const;

export interface LoginScreenProps extends AuthScreenBaseProps {
  /** The form passed validation; the app signs in with these values. */
  onSubmit: (values: LoginValues) => void | Promise<void>;
  /** A sign-in call is running: the submit button shows a spinner and blocks. */
  submitting?: boolean;
  /** Why the last sign-in failed (password or Google), from `describeFailure`; shown above the form. */
  error?: FailureText;
  /** Field issues of a 422 answer; applied to the matching fields. */
  fieldErrors?: FieldIssue[];
  /** The Google sign-in button, rendered by the app. Without it no Google area shows. */
  googleButton?: React.ReactNode;
  /** Registration page of the active locale. */
  registerHref: string;
  /** "Forgot password" page of the active locale. */
  forgotPasswordHref: string;
  /** Pre-fills the e-mail field, e.g. after registration or a password reset. */
  defaultEmail?: string;
}

/** Sign-in with e-mail and password, an optional Google button, and links to register and reset. */
export function LoginScreen({
  onSubmit,
  submitting = false,
  error,
  fieldErrors,
  googleButton,
  registerHref,
  forgotPasswordHref,
  defaultEmail = '',
  languageSwitch,
  homeHref,
  renderLink,
  siteFooter,
}: LoginScreenProps) {
  const { t } = useTranslation();
  const { errors, formProps } = useSchemaForm({
    loadSchema: loadLoginSchema,
    fields: loginFields,
    onValid: onSubmit,
    serverIssues: fieldErrors,
  });

  return (
    <AuthLayout
      title={t('auth.login.title')}
      description={t('auth.login.description')}
      languageSwitch={languageSwitch}
      siteFooter={siteFooter}
      homeHref={homeHref}
      renderLink={renderLink}
      footer={
        <p className="text-center">
          {t('auth.login.noAccount')}{' '}
          <TextLink linkKey="register" href={registerHref} renderLink={renderLink}>
            {t('auth.login.register')}
          </TextLink>
        </p>
      }
    >
      <div className="grid gap-6">
        <FormErrorAlert error={error} submitting={submitting} />
        {/* POST: sent before the page is hydrated, the password never lands in an address. */}
        <form method="post" className="grid gap-4" {...formProps}>
          <FormFieldState name="email" error={errors.email}>
            <FormItem>
              <FormLabel>{t('auth.fields.email')}</FormLabel>
              <FormControl>
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  name="email"
                  defaultValue={defaultEmail}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          </FormFieldState>
          <div className="grid gap-2">
            <FormFieldState name="password" error={errors.password}>
              <FormItem>
                <FormLabel>{t('auth.fields.password')}</FormLabel>
                <FormControl>
                  <PasswordInput autoComplete="current-password" name="password" />
                </FormControl>
                <FormMessage />
              </FormItem>
            </FormFieldState>
            <p className="flex justify-end text-sm">
              <TextLink linkKey="forgotPassword" href={forgotPasswordHref} renderLink={renderLink}>
                {t('auth.login.forgotPassword')}
              </TextLink>
            </p>
          </div>
          <Button type="submit" loading={submitting} className="w-full">
            {t('auth.login.submit')}
          </Button>
        </form>
        {googleButton ? <GoogleArea>{googleButton}</GoogleArea> : null}
      </div>
    </AuthLayout>
  );
}
