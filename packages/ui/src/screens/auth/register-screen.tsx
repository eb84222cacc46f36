import type { FieldIssue, RegisterBody } from '@protokoll/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from '../../lib/i18n.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { Field } from '../../components/field.tsx';
import { Input } from '../../components/input.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { AuthLayout } from '../../layouts/auth-layout.tsx';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import {
  FormErrorAlert,
  GoogleArea,
  TextLink,
  useFailureText,
  useFieldErrorText,
  useServerFieldErrors,
  type AuthFailure,
  type AuthScreenBaseProps,
} from './auth-parts.tsx';
import { PasswordStrength } from './password-strength.tsx';

/** The form part of the contract's registration body; the app adds `locale`. */
const registerResolver = lazyZodResolver(() =>
  import('@protokoll/contract/auth').then((c) => c.RegisterBody.omit({ locale: true })),
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
  error?: AuthFailure;
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
  renderLink,
}: RegisterScreenProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
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
  const password = useWatch({ control, name: 'password' });
  const errorText = useFailureText(error);
  const fieldError = useFieldErrorText(errors);
  useServerFieldErrors(fieldErrors, registerFields, setError);

  return (
    <AuthLayout
      title={t('auth.register.title')}
      description={t('auth.register.description')}
      languageSwitch={languageSwitch}
      homeHref={homeHref}
      renderLink={renderLink}
      footer={
        <p className="text-center">
          {t('auth.register.haveAccount')}{' '}
          <TextLink linkKey="login" href={loginHref} renderLink={renderLink}>
            {t('auth.register.login')}
          </TextLink>
        </p>
      }
    >
      <div className="grid gap-6">
        <FormErrorAlert text={errorText} submitting={submitting} />
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => void handleSubmit((values) => onSubmit(values))(event)}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('auth.fields.firstName')} error={fieldError('first_name')}>
              <Input autoComplete="given-name" {...register('first_name')} />
            </Field>
            <Field label={t('auth.fields.lastName')} error={fieldError('last_name')}>
              <Input autoComplete="family-name" {...register('last_name')} />
            </Field>
          </div>
          <Field label={t('auth.fields.email')} error={fieldError('email')}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              {...register('email')}
            />
          </Field>
          <Field
            label={t('auth.fields.password')}
            hint={<PasswordStrength password={password ?? ''} />}
            error={fieldError('password')}
          >
            <PasswordInput autoComplete="new-password" {...register('password')} />
          </Field>
          <Field label={t('auth.fields.company')} optional error={fieldError('company')}>
            <Input autoComplete="organization" {...register('company')} />
          </Field>
          <Field label={t('auth.fields.phone')} optional error={fieldError('phone_number')}>
            <Input type="tel" inputMode="tel" autoComplete="tel" {...register('phone_number')} />
          </Field>
          <Controller
            control={control}
            name="accept_terms"
            render={({ field: { value, onChange, onBlur, ref, name, disabled } }) => (
              <Field
                orientation="horizontal"
                className="pt-1"
                label={
                  <Trans
                    i18nKey="auth.register.terms"
                    components={{
                      terms: <TextLink linkKey="terms" href={termsHref} renderLink={renderLink} />,
                      privacy: (
                        <TextLink linkKey="privacy" href={privacyHref} renderLink={renderLink} />
                      ),
                    }}
                  />
                }
                error={fieldError('accept_terms')}
              >
                <Checkbox
                  ref={ref}
                  name={name}
                  disabled={disabled}
                  aria-required
                  checked={value === true}
                  onCheckedChange={(checked) => onChange(checked === true)}
                  onBlur={onBlur}
                />
              </Field>
            )}
          />
          <Button type="submit" loading={submitting} className="mt-2 w-full">
            {t('auth.register.submit')}
          </Button>
        </form>
        {googleButton ? <GoogleArea>{googleButton}</GoogleArea> : null}
      </div>
    </AuthLayout>
  );
}
