import type { FailureText, Locale } from '@protokoll/contract';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../../components/button.tsx';
import { LanguageLinks } from '../../../components/language-links.tsx';
import { SiteFooter } from '../../../layouts/site-footer.tsx';

/** Story-only stand-ins for what the app puts into the screens' slots. */
export function storyLanguageSwitch() {
  const hrefs = { de: '/login', en: '/en/login' };
  return <LanguageLinks hrefs={hrefs} onLocaleChange={fn()} />;
}

/** The site footer as the app puts it under every account page. */
export function storySiteFooter(locale: Locale = 'de') {
  const de = locale === 'de';
  return (
    <SiteFooter
      hrefs={{
        impressum: de ? '/impressum' : '/en/legal-notice',
        privacy: de ? '/datenschutz' : '/en/privacy',
        terms: de ? '/agb' : '/en/terms',
        help: de ? '/hilfe' : '/en/help',
        support: de ? '/support' : '/en/support',
      }}
      onLocaleChange={fn()}
      year={2026}
    />
  );
}

/** Looks like the button Google Identity Services renders; the real one comes from the app. */
export function FakeGoogleButton({ label = 'Mit Google anmelden' }: { label?: string }) {
  return (
    <Button variant="outline" className="w-full max-w-xs">
      <svg aria-hidden viewBox="0 0 24 24">
        <path
          fill="#4285F4"
          d="M22.6 12.3c0-.8-.1-1.6-.2-2.3H12v4.3h6a5 5 0 0 1-2.2 3.4v2.8h3.6c2-1.9 3.2-4.7 3.2-8.2Z"
        />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23Z"
        />
        <path
          fill="#FBBC05"
          d="M5.7 14c-.2-.7-.4-1.4-.4-2s.1-1.4.4-2V7.1H2a11 11 0 0 0 0 9.8L5.7 14Z"
        />
        <path
          fill="#EA4335"
          d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2 7.1L5.7 10c.9-2.7 3.4-4.6 6.3-4.6Z"
        />
      </svg>
      {label}
    </Button>
  );
}

/** Moves focus with Tab only until `target` has it (the header's links come first). */
export async function tabTo(target: HTMLElement, max = 12) {
  for (let i = 0; i < max && document.activeElement !== target; i++) await userEvent.tab();
  await expect(target).toHaveFocus();
}

/** The error alert above the form shows `text` and has taken focus. */
export async function expectFocusedAlert(canvasElement: HTMLElement, text: string) {
  const alert = within(canvasElement).getByRole('alert');
  await expect(alert).toHaveTextContent(text);
  await waitFor(() => expect(alert).toHaveFocus());
}

/**
 * An error state of an auth screen (docs/errors.md#texts-by-context): the screen gets `error` and
 * must show `text` in the focused alert above the form.
 */
export function failureStory(error: FailureText, text: string) {
  return {
    args: { error },
    play: ({ canvasElement }: { canvasElement: HTMLElement }) =>
      expectFocusedAlert(canvasElement, text),
  };
}

/** A field shows `text` as its error, linked through `aria-describedby` and marked invalid. */
export async function expectFieldError(control: HTMLElement, text: string) {
  await waitFor(() => expect(control).toHaveAccessibleDescription(expect.stringContaining(text)));
  await expect(control).toHaveAttribute('aria-invalid', 'true');
}
