import { zodResolver } from '@hookform/resolvers/zod';
import type { FailureText, FieldIssue, RegisterBody } from '@protokoll/contract';
import { memo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextFormField,
  useServerFieldErrors,
  usePrerenderedForm,
} from '../../components/form.tsx';
import { FormErrorAlert } from '../../components/form-error-alert.tsx';
import { AuthLayout } from '../../layouts/auth-layout.tsx';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import { GoogleArea, TextLink, type AuthScreenBaseProps } from './auth-parts.tsx';
import { PasswordStrength } from './password-strength.tsx';

/** The form part of the contract's registration body; the app adds `locale`. */
const registerResolver = lazyResolver(() =>
  import('@protokoll/contract/auth').then((contract) =>
    zodResolver(contract.RegisterBody.omit({ locale: true })),
  ),
);

/** What the registration form hands over: the contract body without `locale`. */
export type RegisterValues = Omit<RegisterBody, 'locale'>;

const registerFields = [
  'first_name',
  'last_name',
  'email',
  'password',
  'company',
  'phone_number',
  'accept_terms',
] as const;

export interface RegisterScreenProps extends AuthScreenBaseProps {
  /** The form passed validation; the app registers with these values (plus the locale). */
  onSubmit: (values: RegisterValues) => void | Promise<void>;
  /** The registration call is running: the submit button shows a spinner and blocks. */
  submitting?: boolean;
  /** Why the last registration failed, from `describeFailure`; shown above the form. */
  error?: FailureText;
  /** Field issues of a 422 answer (paths as in the contract, e.g. `email`); applied to the fields. */
  fieldErrors?: FieldIssue[];
  /** The Google sign-in button, rendered by the app. Without it no Google area shows. */
  googleButton?: React.ReactNode;
  /** Sign-in page of the active locale. */
  loginHref: string;
  /** Terms and conditions (AGB) page of the active locale, linked from the terms checkbox. */
  termsHref: string;
  /** Privacy policy page of the active locale, linked from the terms checkbox. */
  privacyHref: string;
}

/** Registration: name, e-mail, password with a strength hint, optional company and phone, terms. */
export function RegisterScreen({
  onSubmit,
  submitting = false,
  error,
  fieldErrors,
  googleButton,
  loginHref,
  termsHref,
  privacyHref,
  languageSwitch,
  homeHref,
  siteFooter,
}: RegisterScreenProps) {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.register.title')}
      description={t('auth.register.description')}
      languageSwitch={languageSwitch}
      siteFooter={siteFooter}
      homeHref={homeHref}
      footer={
        <p className="text-center">
          {t('auth.register.haveAccount')}{' '}
          <TextLink linkKey="login" href={loginHref}>
            {t('auth.register.login')}
          </TextLink>
        </p>
      }
    >
      <div className="grid gap-6">
        <FormErrorAlert error={error} submitting={submitting} />
        <RegisterForm
          onSubmit={onSubmit}
          submitting={submitting}
          fieldErrors={fieldErrors}
          termsHref={termsHref}
          privacyHref={privacyHref}
        />
        {googleButton ? <GoogleArea>{googleButton}</GoogleArea> : null}
      </div>
    </AuthLayout>
  );
}

type RegisterFormProps = Pick<
  RegisterScreenProps,
  'onSubmit' | 'fieldErrors' | 'termsHref' | 'privacyHref'
> &
  Required<Pick<RegisterScreenProps, 'submitting'>>;

/**
 * The form, apart from the page around it: react-hook-form renders the component that calls
 * `useForm` once more as soon as it has mounted, synchronously, in the task that commits the
 * hydration. Kept here, that second render covers the form's element alone; the fields skip it
 * (`RegisterFields` is memoised and its props are unchanged) (docs/architecture.md#prerendered-pages).
 */
function RegisterForm({
  onSubmit,
  submitting,
  fieldErrors,
  termsHref,
  privacyHref,
}: RegisterFormProps) {
  const form = useForm({
    resolver: registerResolver,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      company: '',
      phone_number: '',
    },
  });
  useServerFieldErrors(form.setError, fieldErrors, registerFields);
  // The page is prerendered: what was typed (or filled in) before the script ran is kept.
  const formProps = usePrerenderedForm(form, registerFields, onSubmit);
  return (
    <Form {...form}>
      <form className="grid gap-4" {...formProps}>
        <RegisterFields submitting={submitting} termsHref={termsHref} privacyHref={privacyHref} />
      </form>
    </Form>
  );
}

/** The fields and the submit button; they read the form through its context. */
const RegisterFields = memo(function RegisterFields({
  submitting,
  termsHref,
  privacyHref,
}: Pick<RegisterFormProps, 'submitting' | 'termsHref' | 'privacyHref'>) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextFormField
          name="first_name"
          label={t('auth.fields.firstName')}
          autoComplete="given-name"
        />
        <TextFormField
          name="last_name"
          label={t('auth.fields.lastName')}
          autoComplete="family-name"
        />
      </div>
      <TextFormField
        name="email"
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
      />
      <TextFormField
        name="password"
        label={t('auth.fields.password')}
        password
        autoComplete="new-password"
        description={<WatchedPasswordStrength />}
      />
      <TextFormField
        name="company"
        label={t('auth.fields.company')}
        optional
        autoComplete="organization"
      />
      <TextFormField
        name="phone_number"
        label={t('auth.fields.phone')}
        optional
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
      <FormField
        name="accept_terms"
        render={({ field: { value, onChange, ...field } }) => (
          <FormItem orientation="horizontal" className="pt-1">
            <FormLabel>
              <Trans
                i18nKey="auth.register.terms"
                components={{
                  terms: <TextLink linkKey="terms" href={termsHref} />,
                  privacy: <TextLink linkKey="privacy" href={privacyHref} />,
                }}
              />
            </FormLabel>
            <FormControl>
              <Checkbox
                aria-required
                checked={value === true}
                onCheckedChange={(checked) => onChange(checked === true)}
                {...field}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <Button type="submit" loading={submitting} className="mt-2 w-full">
        {t('auth.register.submit')}
      </Button>
    </>
  );
});

/** The strength hint under the password, the one part that follows each key typed there. */
function WatchedPasswordStrength() {
  const password = useWatch<RegisterValues, 'password'>({ name: 'password' });
  return <PasswordStrength password={password ?? ''} />;
}
