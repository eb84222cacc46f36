import { cva, type VariantProps } from 'class-variance-authority';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { useFieldControl } from './field.tsx';

/** The text-box look shared by Input, PasswordInput and the Select trigger. */
export const inputVariants = cva(
  [
    'flex w-full min-w-0 rounded-md border border-input bg-surface text-foreground shadow-xs',
    'transition-colors outline-none placeholder:text-muted-foreground',
    'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
    'aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/30',
    'disabled:cursor-not-allowed disabled:opacity-50',
  ],
  {
    variants: {
      size: {
        sm: 'h-8 px-2.5 text-sm',
        md: 'h-10 px-3 text-sm',
        lg: 'h-12 px-4 text-base',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export interface InputProps
  extends Omit<React.ComponentProps<'input'>, 'size'>, VariantProps<typeof inputVariants> {
  /** Height and text size; matches the Button sizes so both line up in a row. */
  size?: 'sm' | 'md' | 'lg';
}

/** Inputs whose picker and format the browser may take from `lang` (docs/i18n.md#formatting). */
const DATE_TYPES = new Set(['date', 'time', 'datetime-local', 'month', 'week']);

/** An address is typed as it is: the email keyboard, no capital first letter, no correction. */
const EMAIL_DEFAULTS = { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } as const;

/**
 * A single-line text input. Inside a Field it takes the Field's id, description and error state.
 * Date and time inputs carry the interface language as `lang`, so a browser that honours it
 * shows "02.03.2026" on German pages and "03/02/2026" on English ones. Email inputs take
 * `EMAIL_DEFAULTS` unless given otherwise.
 */
export function Input({
  className,
  size,
  type = 'text',
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: InputProps) {
  const field = useFieldControl({
    id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
  });
  const { i18n } = useTranslation();
  return (
    <input
      data-slot="input"
      type={type}
      lang={DATE_TYPES.has(type) ? i18n.language : undefined}
      {...(type === 'email' && EMAIL_DEFAULTS)}
      className={cn(
        inputVariants({ size }),
        'read-only:bg-muted file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className,
      )}
      {...field}
      {...props}
    />
  );
}
