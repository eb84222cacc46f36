import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { LanguageLinks } from './language-links.tsx';

const meta = {
  title: 'Primitives/LanguageLinks',
  component: LanguageLinks,
  args: { hrefs: { de: '/login', en: '/en/login' }, onLocaleChange: fn() },
} satisfies Meta<typeof LanguageLinks>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Sprache' })).toBeVisible();
    const english = canvas.getByRole('link', { name: 'English' });
    await expect(english).toHaveAttribute('href', '/en/login');
    await expect(english).toHaveAttribute('lang', 'en');
    await expect(english).toHaveAttribute('hreflang', 'en');
    // Only the other language is offered; the current one is the page itself.
    await expect(canvas.queryByRole('link', { name: 'Deutsch' })).toBeNull();
    await userEvent.click(english);
    await expect(args.onLocaleChange).toHaveBeenCalledOnce();
    await expect(args.onLocaleChange).toHaveBeenCalledWith('en');
  },
};

export const English: Story = {
  globals: { locale: 'en' },

  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Language' })).toBeVisible();
    const german = canvas.getByRole('link', { name: 'Deutsch' });
    await expect(german).toHaveAttribute('href', '/login');
    german.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLocaleChange).toHaveBeenCalledOnce();
    await expect(args.onLocaleChange).toHaveBeenCalledWith('de');
  },
};
