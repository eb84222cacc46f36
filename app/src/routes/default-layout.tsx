import { AppShell } from '@protokoll/ui';
import { Link } from 'wouter';
import { useLocale } from '../lib/use-locale.ts';

/** SPEC §2 "default" layout: the shell with navigation, language switch and (later) the user. */
export function DefaultLayout({ children }: { children: React.ReactNode }) {
  const { locale, switchLocale } = useLocale();
  return (
    <AppShell
      navItems={[]}
      renderLink={(item, content) => <Link href={item.href}>{content}</Link>}
      locale={locale}
      onLocaleChange={switchLocale}
      user={null}
      onLogout={() => {}}
    >
      {children}
    </AppShell>
  );
}
