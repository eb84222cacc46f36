import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { LanguageSwitch } from './language-switch.tsx';

const meta = {
  title: 'Primitives/LanguageSwitch',
  component: LanguageSwitch,
  args: { locale: 'de', onLocaleChange: fn() },
} satisfies Meta<typeof LanguageSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Sprache: Deutsch' });
    await expect(trigger).toHaveTextContent('Deutsch');
    await userEvent.click(trigger);
    const german = await screen.findByRole('menuitemradio', { name: 'Deutsch' });
    await expect(german).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    await expect(args.onLocaleChange).toHaveBeenCalledOnce();
    await expect(args.onLocaleChange).toHaveBeenCalledWith('en');
    await expect(screen.queryByRole('menu')).toBeNull();
  },
};

/** Choosing the language that is already active changes nothing. */
export const SameLanguage: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sprache: Deutsch' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Deutsch' }));
    await expect(args.onLocaleChange).not.toHaveBeenCalled();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Language: English' })).toBeVisible();
  },
};

export const Compact: Story = {
  args: { compact: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'DE – Sprache: Deutsch' })).toHaveTextContent(
      'DE',
    );
  },
};
