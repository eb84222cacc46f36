import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { SiteFooter } from './site-footer.tsx';

const meta = {
  title: 'Layouts/SiteFooter',
  component: SiteFooter,
  parameters: { layout: 'fullscreen' },
  args: {
    hrefs: {
      impressum: '/impressum',
      privacy: '/datenschutz',
      terms: '/agb',
      help: '/hilfe',
      support: '/support',
    },
    languageHrefs: { de: '/agb', en: '/en/terms' },
    onLocaleChange: fn(),
    year: 2026,
  },
} satisfies Meta<typeof SiteFooter>;
export default meta;
type Story = StoryObj<typeof meta>;

export const German: Story = {
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole('navigation', { name: 'Fußzeile' });
    await expect(nav).toBeVisible();
    for (const [name, href] of [
      ['Impressum', '/impressum'],
      ['Datenschutz', '/datenschutz'],
      ['AGB', '/agb'],
      ['Hilfe', '/hilfe'],
      ['Support', '/support'],
    ]) {
      await expect(canvas.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const english = canvas.getByRole('link', { name: 'English' });
    await expect(english).toHaveAttribute('href', '/en/terms');
    await userEvent.click(english);
    await expect(args.onLocaleChange).toHaveBeenCalledWith('en');
    await expect(canvas.getByText('© 2026 Protokoll')).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    hrefs: {
      impressum: '/en/legal-notice',
      privacy: '/en/privacy',
      terms: '/en/terms',
      help: '/en/help',
      support: '/en/support',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Legal notice' })).toHaveAttribute(
      'href',
      '/en/legal-notice',
    );
    await expect(canvas.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/agb');
  },
};
