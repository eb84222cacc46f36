import { act, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider as I18nProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import de from '../../../../../locales/de.json';
import { createI18n } from '../../lib/i18next.ts';
import type { LinkItem } from '../../lib/render-link.tsx';
import { UiProvider } from '../../lib/ui-provider.tsx';
import { LoginScreen } from './login-screen.tsx';
import { RegisterScreen } from './register-screen.tsx';

// The sign-in and registration pages are prerendered and hydrated. react-hook-form renders the
// component that calls `useForm` once more as soon as it has mounted, synchronously, in the task
// that commits the hydration; that second render covers the form's element alone, not the page
// around it nor the fields (docs/architecture.md#prerendered-pages).

const i18n = createI18n('de', { de });

/** How often each link of the screen rendered while the screen hydrated its own server markup. */
async function linkRendersWhileHydrating(screen: () => ReactElement) {
  const renders = new Map<string, number>();
  const renderLink = (item: LinkItem, children: React.ReactNode) => {
    renders.set(item.key, (renders.get(item.key) ?? 0) + 1);
    return <a href={item.href}>{children}</a>;
  };
  const page = () => (
    <I18nProvider i18n={i18n}>
      <UiProvider renderLink={renderLink}>{screen()}</UiProvider>
    </I18nProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  renders.clear();
  await act(async () => {
    hydrateRoot(container, page());
  });
  return Object.fromEntries(renders);
}

describe('hydrating an account page renders each part once', () => {
  it('sign-in: the page and the form', async () => {
    const renders = await linkRendersWhileHydrating(() => (
      <LoginScreen
        onSubmit={() => undefined}
        registerHref="/register"
        forgotPasswordHref="/forgot-password"
      />
    ));
    expect(renders).toEqual({ register: 1, forgotPassword: 1 });
  });

  it('registration: the page and the form', async () => {
    const renders = await linkRendersWhileHydrating(() => (
      <RegisterScreen
        onSubmit={() => undefined}
        loginHref="/login"
        termsHref="/agb"
        privacyHref="/datenschutz"
      />
    ));
    expect(renders).toEqual({ login: 1, terms: 1, privacy: 1 });
  });
});
