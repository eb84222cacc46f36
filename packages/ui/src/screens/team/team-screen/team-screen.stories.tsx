import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  emptyOwnerTeam,
  fullOwnerTeam,
  lapsedOwnerTeam,
  memberTeam,
  noTeam,
  ownerTeam,
} from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../../../lib/story-helpers.ts';
import { TeamScreen } from './team-screen.tsx';

const meta = {
  title: 'Screens/Team/Team',
  component: TeamScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    team: ownerTeam,
    status: 'ready',
    onRetry: fn(),
    onInvite: fn(),
    onRemoveMember: fn(),
    onRevokeInvitation: fn(),
    onLeave: fn(),
    onUpgrade: fn(),
    onAcceptInvitation: fn(),
  },
} satisfies Meta<typeof TeamScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The owner: seats, invitation form, members with their minutes, open invitations. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/3 von 10 Plätzen belegt/)).toBeVisible();
    const members = within(canvas.getByRole('list', { name: 'Mitglieder' }));
    await expect(members.getAllByRole('listitem')).toHaveLength(3);
    await expect(members.getByText('148 Minuten genutzt')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-Mail-Adresse' }), 'Neu@Example.de');
    await userEvent.click(canvas.getByRole('button', { name: 'Einladung senden' }));
    await waitFor(() => expect(args.onInvite).toHaveBeenCalledWith('neu@example.de'));
    await userEvent.click(canvas.getByRole('button', { name: 'Ben Okafor entfernen' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await expect(args.onRemoveMember).toHaveBeenCalledWith(2);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Einladung an david.nguyen@example.de zurückziehen' }),
    );
    await expect(args.onRevokeInvitation).toHaveBeenCalledWith(11);
  },
};

/** A Business owner before the first invitation. */
export const Empty: Story = {
  args: { team: emptyOwnerTeam },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Noch niemand ist Ihrem Team beigetreten.')).toBeVisible();
  },
};

/** Every seat taken: the form explains it and cannot be sent. */
export const Full: Story = {
  args: { team: fullOwnerTeam },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Alle Plätze sind belegt/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Einladung senden' })).toBeDisabled();
  },
};

/** Invitation sent. */
export const Invited: Story = {
  args: { team: emptyOwnerTeam, inviteStatus: 'success', invitedEmail: 'neu@example.de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Einladung an neu@example.de gesendet')).toBeVisible();
  },
};

/** Inviting oneself: the refusal shows at the field. */
export const Invalid: Story = {
  args: { team: emptyOwnerTeam, inviteStatus: 'error', inviteError: { code: 'teamSelfInvite' } },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    await expect(canvas.getByText('Sie können sich nicht selbst einladen.')).toBeVisible();
  },
};

/** The owner left Business: the members use their own plans again. */
export const Lapsed: Story = {
  args: { team: lapsedOwnerTeam },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Ihr Tarif enthält kein Team mehr')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Auf Business upgraden' }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
  },
};

/** A member: the owner, their own minutes, leaving. */
export const Member: Story = {
  args: { team: memberTeam },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Team von Erika Mustermann' })).toBeVisible();
    await expect(canvas.queryByText('Clara Weißenberger-Müllerschön')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Team verlassen' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verlassen' }));
    await expect(args.onLeave).toHaveBeenCalledOnce();
  },
};

/** No team on this plan: what teams are, and the upgrade. */
export const NoTeam: Story = {
  args: { team: noTeam },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Teams im Business-Tarif' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Auf Business upgraden' }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
  },
};

/** An invitation link was opened: accept it here. */
export const Invitation: Story = {
  args: { team: noTeam, invitation: { status: 'idle' } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Einladung annehmen' }));
    await expect(args.onAcceptInvitation).toHaveBeenCalledOnce();
  },
};

/** The link had expired. */
export const InvitationExpired: Story = {
  args: {
    team: noTeam,
    invitation: { status: 'error', error: { code: 'invitationExpired' } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Diese Einladung ist abgelaufen/)).toBeVisible();
  },
};

/** Joined. */
export const InvitationAccepted: Story = {
  args: { team: memberTeam, invitation: { status: 'success' } },
};

export const Loading: Story = { args: { team: undefined, status: 'loading' } };

export const Error: Story = {
  args: { team: undefined, status: 'error', error: { code: 'offline' } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** Long names and addresses on a narrow screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/3 of 10 seats taken/)).toBeVisible();
  },
};

export const EnglishMember: Story = { globals: { locale: 'en' }, args: { team: memberTeam } };

export const EnglishNoTeam: Story = { globals: { locale: 'en' }, args: { team: noTeam } };
