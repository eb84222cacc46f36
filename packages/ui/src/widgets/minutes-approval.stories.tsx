import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ErrorCode } from '@protokoll/contract';
import { approvals, signatureRequest, worksCouncilFormal } from '@protokoll/mocks/fixtures';
import { expectNoOverflow, tabTo } from '../lib/story-helpers.ts';
import { FormalMinutesView } from './formal-minutes.tsx';
import { MinutesApprovalPanel, SignatureScreen } from './minutes-approval.tsx';

/**
 * Approval and signature of formal minutes (docs/formal-minutes.md#approval-and-signature): the
 * keeper's panel under the summary at each step, and the page an invited signer signs on.
 */
const meta = {
  title: 'Widgets/MinutesApproval',
  component: MinutesApprovalPanel,
  args: {
    structure: 'works_council',
    status: 'ready',
    approval: approvals.draft,
    names: { chair: 'Andrea Keller', keeper: 'Petra Schmidt' },
    onSubmit: fn(),
    onFinalise: fn(),
    onCorrect: fn(),
    onAddObjection: fn(),
    onDownloadVersion: fn(),
  },
  decorators: [
    (Story) => (
      <div className="max-w-2xl p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MinutesApprovalPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A draft: the signers the type needs, the chair filled from the head; one signs by account. */
export const Draft: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Entwurf')).toBeVisible();
    await expect(
      canvas.getByText(/Für diese Protokollart nötig: Sitzungsleitung, Weiteres Mitglied\./),
    ).toBeVisible();
    const second = within(canvas.getByRole('listitem', { name: 'Person 2' }));
    await expect(canvas.getAllByLabelText('Name')[0]).toHaveValue('Andrea Keller');
    await userEvent.type(second.getByLabelText('Name'), 'Jonas Berg');
    await userEvent.type(second.getByLabelText(/E-Mail-Adresse/), 'jonas.berg@example.de');
    await userEvent.click(canvas.getByRole('button', { name: 'Zur Unterschrift einreichen' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith([
        { role: 'chair', name: 'Andrea Keller' },
        { role: 'member', name: 'Jonas Berg', email: 'jonas.berg@example.de' },
      ]),
    );
  },
};

/** A name left empty is refused at its field; nothing is submitted. */
export const MissingName: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Zur Unterschrift einreichen' }));
    const name = within(canvas.getByRole('listitem', { name: 'Person 2' })).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The server refuses (a role missing after a row was removed): the reason, the form kept. */
export const SubmitRefused: Story = {
  args: {
    onSubmit: fn(() =>
      Promise.reject({ message: 'Es fehlen Unterschriften für: Weiteres Mitglied.' }),
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Person 2 entfernen' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Zur Unterschrift einreichen' }));
    await expect(
      await canvas.findByText('Es fehlen Unterschriften für: Weiteres Mitglied.'),
    ).toBeVisible();
  },
};

/** Submitted: locked, one signature entered by the keeper, one pending by account. */
export const Submitted: Story = {
  args: { approval: approvals.submitted },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('Zur Unterschrift eingereicht')[0]).toBeVisible();
    await expect(canvas.getByText(/Von der Protokollführung eingetragen am/)).toBeVisible();
    await expect(canvas.getByText('Unterschrift ausstehend (jonas.berg@example.de)')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Als endgültig festlegen' })).toBeNull();
  },
};

/** A signer refused, with the reason: the keeper starts a correction. */
export const Refused: Story = {
  args: { approval: approvals.refused },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/Unterschrift verweigert am .*: Bei TOP 2 fehlt/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Korrektur beginnen' }));
    await expect(args.onCorrect).toHaveBeenCalledOnce();
  },
};

/** Everyone signed: made final by the keeper, by keyboard. */
export const Signed: Story = {
  args: { approval: approvals.signed },
  play: async ({ canvas, args }) => {
    const finalise = canvas.getByRole('button', { name: 'Als endgültig festlegen' });
    await tabTo(finalise);
    await userEvent.keyboard('{Enter}');
    await expect(args.onFinalise).toHaveBeenCalledOnce();
  },
};

/** Final, with an objection attached and the form for another; the version's PDF. */
/** An extract of chosen agenda items, for someone who attended only a part (§ 34 (2) BetrVG). */
export const Extract: Story = {
  args: {
    approval: approvals.final,
    items: worksCouncilFormal.items,
    onDownloadExtract: fn(),
  },
  play: async ({ canvas, args }) => {
    const extract = within(canvas.getByRole('group', { name: 'Auszug aus dem Protokoll' }));
    const pdf = extract.getByRole('button', { name: 'Auszug als PDF' });
    await expect(pdf).toBeDisabled();
    await userEvent.click(extract.getByRole('checkbox', { name: /^TOP 3:/ }));
    await userEvent.click(extract.getByRole('checkbox', { name: 'TOP 1: Überstunden im Lager' }));
    await userEvent.click(pdf);
    await waitFor(() => expect(args.onDownloadExtract).toHaveBeenCalledWith([1, 3], 'pdf'));
  },
};

/** The extract could not be saved: the reason above the items, the choice kept. */
export const ExtractFailed: Story = {
  args: {
    approval: approvals.final,
    items: worksCouncilFormal.items,
    onDownloadExtract: fn(() => Promise.reject({ message: 'Die Verbindung ist unterbrochen.' })),
  },
  play: async ({ canvas }) => {
    const extract = within(canvas.getByRole('group', { name: 'Auszug aus dem Protokoll' }));
    const first = extract.getByRole('checkbox', { name: 'TOP 1: Überstunden im Lager' });
    await userEvent.click(first);
    await userEvent.click(extract.getByRole('button', { name: 'Auszug als DOCX' }));
    await expect(await extract.findByText('Die Verbindung ist unterbrochen.')).toBeVisible();
    await expect(first).toBeChecked();
  },
};

/** The extract in English. */
export const ExtractEnglish: Story = {
  args: { approval: approvals.final, items: worksCouncilFormal.items, onDownloadExtract: fn() },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    const extract = within(canvas.getByRole('group', { name: 'Extract from the minutes' }));
    await expect(
      extract.getByRole('checkbox', { name: 'Item 1: Überstunden im Lager' }),
    ).toBeVisible();
    await expect(extract.getByRole('button', { name: 'Extract as PDF' })).toBeDisabled();
  },
};

export const Final: Story = {
  args: { approval: approvals.final },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByText(/Zu TOP 1: Beantragt war nur eine Samstagsschicht/),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Von wem'), 'IG Metall');
    await userEvent.type(canvas.getByLabelText('Einwendung'), 'TOP 2 ist unvollständig.');
    await userEvent.click(canvas.getByRole('button', { name: 'Einwendung beifügen' }));
    await waitFor(() =>
      expect(args.onAddObjection).toHaveBeenCalledWith({
        author: 'IG Metall',
        text: 'TOP 2 ist unvollständig.',
      }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'PDF von Fassung 1' }));
    await expect(args.onDownloadVersion).toHaveBeenCalledWith(1);
  },
};

/** After a correction: version 2 with its changes, version 1 kept and marked replaced. */
export const Corrected: Story = {
  args: { approval: approvals.corrected },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Änderungen gegenüber Fassung 1')).toBeVisible();
    await expect(canvas.getByText('Kopf: Ort')).toBeVisible();
    await expect(
      canvas.getByText('TOP 2: Versetzung von Herrn Klein in die Logistik geändert'),
    ).toBeVisible();
    await expect(canvas.getByText('ersetzt durch eine Korrektur')).toBeVisible();
  },
};

export const Loading: Story = { args: { status: 'loading', approval: undefined } };

export const LoadFailed: Story = {
  args: { status: 'error', approval: undefined, error: { code: ErrorCode.SERVER }, onRetry: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const English: Story = {
  args: { approval: approvals.final },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Approval and signature')).toBeVisible();
    await expect(canvas.getByText(/Recorded by the keeper of the minutes on/)).toBeVisible();
  },
};

export const Phone: Story = {
  args: { approval: approvals.draft },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

const signing = {
  status: 'ready' as const,
  request: signatureRequest(),
  onSign: fn(),
  onRefuse: fn(),
  minutes: <FormalMinutesView structure="works_council" formal={worksCouncilFormal} level={2} />,
};

/** The invited member signs: who asks, what it means, the hash, the minutes below. */
export const SignPage: Story = {
  render: () => <SignatureScreen {...signing} />,
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByText(
        'Petra Schmidt bittet Sie, das Protokoll „Betriebsratssitzung November“ als Weiteres Mitglied zu unterschreiben.',
      ),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Unterschreiben' }));
    await expect(signing.onSign).toHaveBeenCalled();
    // Times stand as text: there is no recording to play here.
    await expect(canvasElement.querySelector('[data-slot="seek-button"]')).toBeNull();
  },
};

/** Refusing needs a reason. */
export const RefusePage: Story = {
  render: () => <SignatureScreen {...signing} onRefuse={fn()} />,
  play: async ({ canvas }) => {
    const refuse = within(canvas.getByRole('form', { name: 'Unterschrift verweigern' }));
    await userEvent.click(refuse.getByRole('button', { name: 'Verweigerung senden' }));
    await waitFor(() =>
      expect(refuse.getByLabelText('Begründung')).toHaveAttribute('aria-invalid', 'true'),
    );
  },
};

export const SignedPage: Story = {
  render: () => <SignatureScreen {...signing} request={signatureRequest('signed')} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Sie haben dieses Protokoll unterschrieben.',
    );
  },
};

/** Opened with another account than the invited one. */
export const WrongAccountPage: Story = {
  render: () => (
    <SignatureScreen
      {...signing}
      status="error"
      request={undefined}
      error={{ code: ErrorCode.INVITATION_WRONG_ACCOUNT }}
    />
  ),
};

export const SignPagePhoneEnglish: Story = {
  render: () => <SignatureScreen {...signing} />,
  globals: { locale: 'en', viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sign' })).toBeVisible();
    await expectNoOverflow(canvasElement);
  },
};
