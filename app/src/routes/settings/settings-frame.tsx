import { SettingsLayout } from '@protokoll/ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useLocale } from '../../lib/use-locale.ts';

const SECTIONS = ['profile', 'subscription', 'templates', 'glossary'] as const;

/** The settings navigation around one section. */
export function SettingsFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { href } = useLocale();
  const [path] = useLocation();
  return (
    <SettingsLayout
      items={SECTIONS.map((section) => ({
        key: section,
        label: t(`settings.nav.${section}`),
        href: href(`/settings/${section}`),
        current: path === `/settings/${section}`,
      }))}
    >
      {children}
    </SettingsLayout>
  );
}
