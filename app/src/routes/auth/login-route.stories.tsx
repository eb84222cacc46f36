import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { auth } from '@protokoll/mocks';
import { DEMO_PASSWORD, demoUser } from '@protokoll/mocks/fixtures';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../../stories/route-story.tsx';
import { storyUrl } from '../../stories/story-location.ts';

/** `/login` as it ships, signed out, on MSW: every answer the sign-in call can get. */
const meta = {
  title: 'Routes/Login',
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/login', signedIn: false } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

async function signIn(canvas: Canvas, password = DEMO_PASSWORD) {
  await userEvent.type(
    await canvas.findByLabelText('E-Mail-Adresse', {}, PAGE_LOAD),
    demoUser.email,
  );
  await userEvent.type(canvas.getByLabelText('Passwort'), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
}

/** Signing in leads to the dashboard. */
export const Success: Story = {
  parameters: { msw: { handlers: { auth: auth.signedIn() } } },
  play: async ({ canvas }) => {
    await signIn(canvas);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /Erika/ }, PAGE_LOAD),
    ).toBeVisible();
    await expect(storyUrl()).toBe('/dashboard');
  },
};

export const InvalidCredentials: Story = {
  parameters: { msw: { handlers: { auth: auth.invalidCredentials() } } },
  play: async ({ canvas }) => {
    await signIn(canvas, 'falsch');
    await expect(
      await canvas.findByText('Ungültige E-Mail-Adresse oder ungültiges Passwort', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const TooManyAttempts: Story = {
  parameters: { msw: { handlers: { auth: auth.tooManyAttempts() } } },
  play: async ({ canvas }) => {
    await signIn(canvas);
    await expect(await canvas.findByText(/Zu viele Versuche/, {}, PAGE_LOAD)).toBeVisible();
  },
};

export const Offline: Story = {
  parameters: { msw: { handlers: { auth: auth.offline() } } },
  play: async ({ canvas }) => {
    await signIn(canvas);
    await expect(await canvas.findByText(/Keine Internetverbindung/, {}, PAGE_LOAD)).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { auth: auth.serverError(500) } } },
  play: async ({ canvas }) => {
    await signIn(canvas);
    await expect(await canvas.findByText(/Serverfehler/, {}, PAGE_LOAD)).toBeVisible();
  },
};

/** 403 with the server's own words: they are shown as they are. */
export const Forbidden: Story = {
  parameters: { msw: { handlers: { auth: auth.serverMessage() } } },
  play: async ({ canvas }) => {
    await signIn(canvas);
    await expect(await canvas.findByText('Ihr Konto ist gesperrt.', {}, PAGE_LOAD)).toBeVisible();
  },
};

/** The call is under way: the button says so and cannot be pressed twice. */
export const Slow: Story = {
  parameters: { msw: { handlers: { auth: auth.slow(600_000) } } },
  play: async ({ canvas }) => {
    await signIn(canvas);
    await expect(canvas.getByRole('button', { name: /Anmelden/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** The server never answers: the form waits for the client's timeout, still submitting. */
export const Timeout: Story = {
  parameters: { msw: { handlers: { auth: auth.timeout() } } },
  play: async ({ canvas }) => {
    await signIn(canvas);
    await expect(canvas.getByRole('button', { name: /Anmelden/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** A signed-in visitor is sent on to the dashboard. */
export const AlreadySignedIn: Story = {
  parameters: { route: { url: '/login', signedIn: true } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /Erika/ }, PAGE_LOAD),
    ).toBeVisible();
  },
};
