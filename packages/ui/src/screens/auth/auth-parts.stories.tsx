import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FormErrorAlert } from '../../components/form-error-alert.tsx';
import { GoogleArea, OrDivider, StatusPanel, TextLink } from './auth-parts.tsx';
import { FakeGoogleButton } from './lib/story-fixtures.tsx';

/** The pieces the auth screens share: error alert, state panels, links, the Google area. */
const meta = {
  title: 'Screens/Auth/Parts',
  component: StatusPanel,
  args: { variant: 'success', children: 'Ihr Passwort wurde geändert.' },
} satisfies Meta<typeof StatusPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: () => (
    <div className="grid max-w-md gap-4">
      <FormErrorAlert error={{ code: 'invalidCredentials' }} />
      <StatusPanel variant="success" title="Geschafft">
        Ihr Passwort wurde geändert.
      </StatusPanel>
      <StatusPanel variant="danger" title="Link abgelaufen">
        Dieser Link ist ungültig oder abgelaufen.
      </StatusPanel>
      <StatusPanel variant="info">Wir bestätigen Ihre neue E-Mail-Adresse …</StatusPanel>
      <p className="text-sm">
        <TextLink linkKey="backToLogin" href="/login">
          Zurück zur Anmeldung
        </TextLink>
      </p>
      <GoogleArea>
        <FakeGoogleButton />
      </GoogleArea>
      <OrDivider />
    </div>
  ),
};

export const ErrorAlert: Story = {
  render: () => <FormErrorAlert error={{ code: 'tooManyAttempts' }} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Zu viele Versuche');
  },
};

/** Reached by an action: the panel takes focus so screen readers announce it. */
export const FocusedPanel: Story = {
  args: { variant: 'danger', title: 'Link abgelaufen', focusOnMount: true },
  play: async ({ canvasElement }) => {
    // The panel takes focus in an effect after its first paint.
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="status-panel"]')).toHaveFocus(),
    );
  },
};
