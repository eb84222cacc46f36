import './zod-config.ts';
import { splitLocale } from '@protokoll/contract';
import { createI18n } from '@protokoll/ui/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { fetchMessages } from './lib/messages.ts';
import { readLocaleCookie } from './lib/locale.ts';
import './styles/public.css';

async function start() {
  if (import.meta.env.MODE === 'mock') {
    const { startMockMode } = await import('./mock-mode.ts');
    await startMockMode();
  }
  // The remembered language applies where the visitor did not choose one: the bare home page.
  if (location.pathname === '/' && readLocaleCookie() === 'en') {
    history.replaceState(null, '', `/en${location.search}${location.hash}`);
  }
  const { locale } = splitLocale(location.pathname);
  document.documentElement.lang = locale;
  const root = createRoot(document.getElementById('root')!);
  try {
    const messages = await fetchMessages(locale);
    const i18n = createI18n(locale, { [locale]: messages });
    root.render(
      <StrictMode>
        <App i18n={i18n} />
      </StrictMode>,
    );
  } catch {
    // Without texts nothing can be translated: say so in both languages.
    root.render(
      <main role="alert" style={{ padding: '2rem', fontFamily: 'sans-serif' }}>
        <p>Die Anwendung konnte nicht geladen werden. Bitte laden Sie die Seite neu.</p>
        <p lang="en">The application could not be loaded. Please reload the page.</p>
      </main>,
    );
  }
}

void start();
