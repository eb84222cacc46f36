import { AppShell } from '@protokoll/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from 'wouter';
import { queryClient } from '../lib/query-client.ts';
import { useLocale } from '../lib/use-locale.ts';

/** SPEC §2 "default" layout: the shell with navigation, language switch and (later) the user. */
export function DefaultLayout({ children }: { children: React.ReactNode }) {
  const { locale, switchLocale } = useLocale();
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
