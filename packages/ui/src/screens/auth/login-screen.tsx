import { zodResolver } from '@hookform/resolvers/zod';
import type { FailureText, FieldIssue, LoginBody } from '@protokoll/contract';
import { memo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import {
  Form,
  TextFormField,
  useServerFieldErrors,
  usePrerenderedForm,
} from '../../components/form.tsx';
import { FormErrorAlert } from '../../components/form-error-alert.tsx';
import { AuthLayout } from '../../layouts/auth-layout.tsx';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import { GoogleArea, TextLink, type AuthScreenBaseProps } from './auth-parts.tsx';

/** What the sign-in form hands over: the contract's login body (e-mail trimmed, lower-cased). */
export type LoginValues = LoginBody;

/** The contract's login body, loaded on first validation (the page paints without zod). */
const loginResolver = lazyResolver(() =>
  import('@protokoll/contract/auth').then((contract) => zodResolver(contract.LoginBody)),
);

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
  siteFooter,
}: LoginScreenProps) {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.login.title')}
      description={t('auth.login.description')}
      languageSwitch={languageSwitch}
      siteFooter={siteFooter}
      homeHref={homeHref}
      footer={
        <p className="text-center">
          {t('auth.login.noAccount')}{' '}
          <TextLink linkKey="register" href={registerHref}>
            {t('auth.login.register')}
          </TextLink>
        </p>
      }
    >
      <div className="grid gap-6">
        <FormErrorAlert error={error} submitting={submitting} />
        <LoginForm
          onSubmit={onSubmit}
          submitting={submitting}
          fieldErrors={fieldErrors}
          forgotPasswordHref={forgotPasswordHref}
          defaultEmail={defaultEmail}
        />
        {googleButton ? <GoogleArea>{googleButton}</GoogleArea> : null}
      </div>
    </AuthLayout>
  );
}

type LoginFormProps = Pick<LoginScreenProps, 'onSubmit' | 'fieldErrors' | 'forgotPasswordHref'> &
  Required<Pick<LoginScreenProps, 'submitting' | 'defaultEmail'>>;

/**
 * The form, apart from the page around it: react-hook-form renders the component that calls
 * `useForm` once more as soon as it has mounted, synchronously, in the task that commits the
 * hydration. Kept here, that second render covers the form's element alone; the fields skip it
 * (`LoginFields` is memoised and its props are unchanged) (docs/architecture.md#prerendered-pages).
 */
function LoginForm({
  onSubmit,
  submitting,
  fieldErrors,
  forgotPasswordHref,
  defaultEmail,
}: LoginFormProps) {
  const form = useForm({
    resolver: loginResolver,
    defaultValues: { email: defaultEmail, password: '' },
  });
  useServerFieldErrors(form.setError, fieldErrors, loginFields);
  // The page is prerendered: what was typed (or filled in) before the script ran is kept.
  const formProps = usePrerenderedForm(form, loginFields, onSubmit);
  return (
    <Form {...form}>
      <form className="grid gap-4" {...formProps}>
        <LoginFields submitting={submitting} forgotPasswordHref={forgotPasswordHref} />
      </form>
    </Form>
  );
}

/** The fields and the submit button; they read the form through its context. */
const LoginFields = memo(function LoginFields({
  submitting,
  forgotPasswordHref,
}: Pick<LoginFormProps, 'submitting' | 'forgotPasswordHref'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextFormField
        name="email"
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
      />
      <div className="grid gap-2">
        <TextFormField
          name="password"
          label={t('auth.fields.password')}
          password
          autoComplete="current-password"
        />
        <p className="flex justify-end text-sm">
          <TextLink linkKey="forgotPassword" href={forgotPasswordHref}>
            {t('auth.login.forgotPassword')}
          </TextLink>
        </p>
      </div>
      <Button type="submit" loading={submitting} className="w-full">
        {t('auth.login.submit')}
      </Button>
    </>
  );
});
