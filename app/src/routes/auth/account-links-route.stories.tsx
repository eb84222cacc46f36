import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { auth } from '@protokoll/mocks';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../../stories/route-story.tsx';

/** Registration and the pages behind mailed links, signed out, on MSW. */
const meta = {
  title: 'Routes/Account',
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/register', signedIn: false } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

async function register(canvas: Canvas) {
  await userEvent.type(await canvas.findByLabelText('Vorname', {}, PAGE_LOAD), 'Erika');
  await userEvent.type(canvas.getByLabelText('Nachname'), 'Mustermann');
  await userEvent.type(canvas.getByLabelText('E-Mail-Adresse'), 'neu@example.de');
  await userEvent.type(canvas.getByLabelText('Passwort'), 'Sicher-Passwort-2026');
  await userEvent.click(canvas.getByRole('checkbox'));
  await userEvent.click(canvas.getByRole('button', { name: 'Konto erstellen' }));
}

export const RegisterEmailExists: Story = {
  parameters: { msw: { handlers: { auth: auth.emailExists() } } },
  play: async ({ canvas }) => {
    await register(canvas);
    await expect(
      await canvas.findByText('Diese E-Mail-Adresse ist bereits registriert', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const RegisterInvalid: Story = {
  parameters: { msw: { handlers: { auth: auth.invalidRegistration() } } },
  play: async ({ canvas }) => {
    await register(canvas);
    await expect(
      await canvas.findByText(/Ungültige Eingabedaten|Bitte prüfen/, {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** The e-mail confirmation link has expired. */
export const ExpiredLink: Story = {
  parameters: {
    route: { url: '/update-email?token=abc', signedIn: false },
    msw: { handlers: { auth: auth.expiredLink() } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Link ungültig oder abgelaufen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};
