import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { ItemLink, type LinkItem } from '../lib/render-link.tsx';
import { PageHeader } from '../components/page-header.tsx';

/** One section of the settings, e.g. Profil or Abo. */
export interface SettingsNavItem extends LinkItem {
  /** The section being shown; marked `aria-current="page"` and highlighted. */
  current?: boolean;
}

export interface SettingsLayoutProps extends React.ComponentProps<'div'> {
  /** The settings sections, already translated and resolved for the active locale. */
  items: SettingsNavItem[];
  /** The current section's screen. */
  children: React.ReactNode;
}

const tabLinkClasses = cn(
  'relative inline-flex h-10 shrink-0 items-center rounded-t-md px-3 text-sm font-medium',
  'whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground',
  'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
  'focus-visible:ring-offset-background',
  // The underline of the current tab sits on the row's bottom border.
  'after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:rounded-full',
  'aria-[current=page]:text-foreground aria-[current=page]:after:bg-primary',
);

/**
 * The frame of `/settings/*`: the page heading "Einstellungen", a tab-like row of links to the
 * sections (real links, so each section has its own URL), and the section's screen below.
 */
export function SettingsLayout({ items, children, className, ...props }: SettingsLayoutProps) {
  const { t } = useTranslation();
  return (
    <div
      data-slot="settings-layout"
      className={cn('mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10', className)}
      {...props}
    >
      <PageHeader title={t('settings.title')} />
      <nav aria-label={t('settings.navLabel')} className="mt-6 border-b border-border">
        {/* Padding keeps focus rings inside the scrolling row, which would clip them. */}
        <ul className="-mb-px flex gap-1 overflow-x-auto px-1 pt-1">
          {items.map((item) => (
            <li key={item.key} className="flex">
              <ItemLink
                item={item}
                aria-current={item.current ? 'page' : undefined}
                className={tabLinkClasses}
              >
                {item.label}
              </ItemLink>
            </li>
          ))}
        </ul>
      </nav>
      <div data-slot="settings-content" className="mt-8 min-w-0">
        {children}
      </div>
    </div>
  );
}
