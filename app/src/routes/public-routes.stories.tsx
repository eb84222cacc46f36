import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../stories/route-story.tsx';

/** The public pages as they ship, signed out: the home page and the content pages. */
const meta = {
  title: 'Routes/Public pages',
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/', signedIn: false } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The home page: what the product makes (an example note), the plans and the FAQ. */
export const Home: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1 }, PAGE_LOAD)).toBeVisible();
    await expect(
      await canvas.findByRole('region', { name: 'Transkript' }, PAGE_LOAD),
    ).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
  },
};

/** Signed in, the home page offers the way to the dashboard. */
export const HomeSignedIn: Story = {
  parameters: { route: { url: '/', signedIn: true } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('link', { name: /Dashboard|Übersicht/ }, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** A content page from `content/de`: its Markdown as HTML, in the default layout. */
export const LegalNotice: Story = {
  parameters: { route: { url: '/impressum', signedIn: false } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Impressum' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** The same page in English, at its own slug. */
export const LegalNoticeEnglish: Story = {
  parameters: { route: { url: '/en/legal-notice', signedIn: false } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1 }, PAGE_LOAD)).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1, name: 'Impressum' })).toBeNull();
  },
};

/** An unknown slug is the 404 page, naming the path. */
export const UnknownSlug: Story = {
  parameters: { route: { url: '/gibt-es-nicht', signedIn: false } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' }, PAGE_LOAD),
    ).toBeVisible();
    await expect(canvas.getByText('Seite nicht gefunden: /gibt-es-nicht')).toBeVisible();
  },
};
