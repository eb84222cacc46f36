import { cva, type VariantProps } from 'class-variance-authority';
import { User } from 'lucide-react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../lib/cn.ts';

export const avatarVariants = cva(
  'relative inline-flex shrink-0 overflow-hidden rounded-full bg-accent text-accent-foreground select-none',
  {
    variants: {
      size: {
        sm: 'size-8 text-xs [&_svg]:size-4',
        md: 'size-10 text-sm [&_svg]:size-5',
        lg: 'size-14 text-lg [&_svg]:size-7',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

/** "Anna-Lena Müller" → "AM": first letters of the first and the last word. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => Array.from(word)[0] ?? '';
  return (letter(first) + (last ? letter(last) : '')).toLocaleUpperCase();
}

export interface AvatarProps
  extends
    Omit<React.ComponentProps<typeof AvatarPrimitive.Root>, 'children'>,
    VariantProps<typeof avatarVariants> {
  /** The person's name: the accessible name and the source of the initials shown without a picture. */
  name: string;
  /** Picture URL; the initials show while it loads and when it fails. */
  src?: string;
  /** Diameter. */
  size?: 'sm' | 'md' | 'lg';
}

/** A round picture of a person, falling back to their initials (or a generic icon without a name). */
export function Avatar({ name, src, size, className, ...props }: AvatarProps) {
  const initials = initialsOf(name);
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      role="img"
      aria-label={name || undefined}
      aria-hidden={name ? undefined : true}
      className={cn(avatarVariants({ size }), className)}
      {...props}
    >
      {src ? (
        <AvatarPrimitive.Image
          data-slot="avatar-image"
          src={src}
          alt=""
          className="aspect-square size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        data-slot="avatar-fallback"
        className="flex size-full items-center justify-center font-medium"
      >
        {initials || <User aria-hidden />}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
