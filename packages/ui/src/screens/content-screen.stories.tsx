import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ContentScreen } from './content-screen.tsx';

// Bodies as the content build renders them (markdown-it with anchored headings).
const heading = (id: string, text: string) =>
  `<h2 id="${id}" tabindex="-1"><a class="heading-anchor" href="#${id}">${text}</a></h2>`;

const germanHtml = [
  '<blockquote><p><strong>Platzhalter:</strong> Diese AGB sind ein verständlicher Entwurf.</p></blockquote>',
  heading('geltungsbereich', 'Geltungsbereich'),
  '<p>Diese Bedingungen gelten für die Nutzung von Protokoll, angeboten von dem im <a href="/impressum">Impressum</a> genannten Anbieter.</p>',
  heading('tarife-und-minuten', 'Tarife und Minuten'),
  '<p>Die Verarbeitung kostet Minuten aus Ihrem Tarif.</p>',
  '<table><thead><tr><th>Tarif</th><th>Minuten pro Monat</th><th>Monatlich</th></tr></thead><tbody><tr><td>Free</td><td>30</td><td>0,00 €</td></tr><tr><td>Starter</td><td>300</td><td>9,00 €</td></tr></tbody></table>',
  heading('kuendigung', 'Kündigung'),
  '<ul><li>Jederzeit zum Ende des Zeitraums.</li><li>Bis dahin bleibt Ihr Tarif aktiv.</li></ul>',
].join('\n');

const englishHtml = [
  heading('scope', 'Scope'),
  '<p>These terms apply to the use of Protokoll, offered by the provider named in the <a href="/en/legal-notice">legal notice</a>.</p>',
  heading('plans-and-minutes', 'Plans and minutes'),
  '<p>Processing costs minutes from your plan.</p>',
  heading('cancellation', 'Cancellation'),
  '<p>You can cancel at any time.</p>',
].join('\n');

const meta = {
  title: 'Screens/ContentScreen',
  component: ContentScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Allgemeine Geschäftsbedingungen',
    html: germanHtml,
    toc: [
      { id: 'geltungsbereich', text: 'Geltungsbereich' },
      { id: 'tarife-und-minuten', text: 'Tarife und Minuten' },
      { id: 'kuendigung', text: 'Kündigung' },
    ],
    onNavigate: fn(),
  },
} satisfies Meta<typeof ContentScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const German: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Allgemeine Geschäftsbedingungen',
    );
    const toc = canvas.getByRole('navigation', { name: 'Inhalt' });
    await expect(toc).toBeVisible();
    await expect(within(toc).getByRole('link', { name: 'Tarife und Minuten' })).toHaveAttribute(
      'href',
      '#tarife-und-minuten',
    );
    await expect(canvas.getByRole('heading', { level: 2, name: 'Kündigung' })).toHaveAttribute(
      'id',
      'kuendigung',
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Impressum' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/impressum');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    title: 'Terms and conditions',
    html: englishHtml,
    toc: [
      { id: 'scope', text: 'Scope' },
      { id: 'plans-and-minutes', text: 'Plans and minutes' },
      { id: 'cancellation', text: 'Cancellation' },
    ],
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Contents' })).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'legal notice' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/en/legal-notice');
  },
};

/** A short page: no table of contents. */
export const Short: Story = {
  args: {
    title: 'Hilfe',
    html: '<ul><li><a href="/hilfe/aufnahmen-hochladen">Aufnahmen hochladen</a></li></ul>',
    toc: [],
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};
