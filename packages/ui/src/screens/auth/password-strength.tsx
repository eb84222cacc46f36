import { PASSWORD_MIN_LENGTH } from '@protokoll/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

export type PasswordStrengthLevel = 'empty' | 'tooShort' | 'weak' | 'medium' | 'strong';

/**
 * A rough, rule-based estimate: below the minimum length it is too short; beyond that, length
 * (12, 16 characters) and variety (lower case, upper case, digits, other characters) earn points.
 */
export function passwordStrength(password: string): PasswordStrengthLevel {
  if (password.length === 0) return 'empty';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  const classes = [/[a-zäöüß]/, /[A-ZÄÖÜ]/, /\d/, /[^a-zA-ZäöüßÄÖÜ\d]/].filter((re) =>
    re.test(password),
  ).length;
  const points =
    (password.length >= 12 ? 1 : 0) +
    (password.length >= 16 ? 1 : 0) +
    (classes >= 2 ? 1 : 0) +
    (classes >= 3 ? 1 : 0);
  if (points >= 3) return 'strong';
  if (points === 2) return 'medium';
  return 'weak';
}

const filled: Record<PasswordStrengthLevel, number> = {
  empty: 0,
  tooShort: 1,
  weak: 1,
  medium: 2,
  strong: 3,
};

const barColour: Record<PasswordStrengthLevel, string> = {
  empty: 'bg-border',
  tooShort: 'bg-danger',
  weak: 'bg-danger',
  medium: 'bg-warning',
  strong: 'bg-success',
};

/**
 * The hint under a new password: a three-step bar (decoration only) and the level in words, so
 * the meaning never rests on colour. Phrasing content only: it sits in the Field's hint `<p>`.
 */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const level = passwordStrength(password);
  return (
    <span data-slot="password-strength" data-level={level} className="mt-0.5 grid gap-1.5">
      <span aria-hidden className="flex gap-1">
        {[1, 2, 3].map((step) => (
          <span
            key={step}
            className={cn(
              'h-1 flex-1 rounded-full transition-colors',
              step <= filled[level] ? barColour[level] : 'bg-border',
            )}
          />
        ))}
      </span>
      <span aria-live="polite">
        {level === 'empty'
          ? t('auth.passwordStrength.hint')
          : t('auth.passwordStrength.label', { level: t(`auth.passwordStrength.levels.${level}`) })}
        {level === 'tooShort' ? ` ${t('auth.passwordStrength.hint')}` : null}
        {level === 'weak' || level === 'medium' ? ` ${t('auth.passwordStrength.tip')}` : null}
      </span>
    </span>
  );
}
