import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { IconButton } from './icon-button.tsx';
import { Input, type InputProps } from './input.tsx';

export interface PasswordInputProps extends Omit<InputProps, 'type'> {
  /** Start with the password shown (uncontrolled). */
  defaultVisible?: boolean;
}

/**
 * A password input with a button that shows or hides what was typed. The `ref`, `className` and
 * every other prop go to the `<input>`; inside a Field it is wired like an Input.
 */
export function PasswordInput({
  defaultVisible = false,
  className,
  disabled,
  size,
  ...props
}: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(defaultVisible);
  return (
    <div data-slot="password-input" className="relative w-full min-w-0">
      <Input
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        spellCheck={false}
        autoCapitalize="none"
        disabled={disabled}
        size={size}
        className={cn(size === 'lg' ? 'pr-12' : 'pr-10', className)}
        {...props}
      />
      <IconButton
        label={visible ? t('common.hidePassword') : t('common.showPassword')}
        size="sm"
        variant="ghost"
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
        className={cn(
          'absolute top-1/2 -translate-y-1/2 text-muted-foreground hover:text-foreground',
          size === 'sm' ? 'right-0 size-8' : 'right-1',
        )}
      >
        {visible ? <EyeOff /> : <Eye />}
      </IconButton>
    </div>
  );
}
