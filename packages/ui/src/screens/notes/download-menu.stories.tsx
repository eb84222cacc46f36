import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DownloadMenu } from './download-menu.tsx';
import { expectCalledOnceWith, never, tabTo } from '../../lib/story-helpers.ts';

const meta = {
  title: 'Screens/Notes/DownloadMenu',
  component: DownloadMenu,
  args: { onDownload: fn() },
  decorators: [
    (Story) => (
      <div className="flex min-h-96 justify-end p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DownloadMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Seven formats in the order of docs/uploads.md#exports; picking one reports it and closes the
 * menu.
 */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Herunterladen' }));
    const items = await screen.findAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Word-Dokument (DOCX)',
      'PDF-Dokument (PDF)',
      'Markdown (MD)',
      'Textdatei (TXT)',
      'Untertitel (SRT)',
      'Untertitel (VTT)',
      'Daten (JSON)',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'PDF-Dokument (PDF)' }));
    await expectCalledOnceWith(args.onDownload, 'pdf');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

/** The menu open, for the screenshot. */
export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Herunterladen' }));
    await expect(await screen.findByRole('menu')).toBeVisible();
  },
};

/** Keyboard only: Tab to it, Enter opens, arrows move, Enter picks, focus returns; Escape closes. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Herunterladen' });
    await tabTo(trigger);
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Word-Dokument (DOCX)' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: 'Untertitel (VTT)' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expectCalledOnceWith(args.onDownload, 'vtt');
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menu')).toBeVisible());
    await userEvent.keyboard('{End}');
    await expect(screen.getByRole('menuitem', { name: 'Daten (JSON)' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
    await expect(args.onDownload).toHaveBeenCalledOnce();
  },
};

/** The icon-only trigger of a list row, named after the note. */
export const Compact: Story = {
  args: { compact: true, noteName: 'Vorstandssitzung März 2026' },
  play: async ({ canvas, args }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: '„Vorstandssitzung März 2026“ herunterladen' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Markdown (MD)' }));
    await expectCalledOnceWith(args.onDownload, 'md');
  },
};

/** While the app prepares the file the trigger spins and takes no second request. */
export const Pending: Story = {
  args: { onDownload: fn(never) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Herunterladen' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Textdatei (TXT)' }));
    const trigger = canvas.getByRole('button', { name: 'Herunterladen' });
    await waitFor(() => expect(trigger).toHaveAttribute('aria-busy', 'true'));
    await expect(trigger).toBeDisabled();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Word document (DOCX)' }));
    await expectCalledOnceWith(args.onDownload, 'docx');
  },
};

const withDesignAndOriginal = {
  design: 'modern',
  original: { href: '/api/note/8/original', fileName: 'Aufnahme 2026-02-25 16-30.webm' },
} as const;

/**
 * The reader's menu: the design of DOCX and PDF, the note's own chosen at first (choosing one
 * keeps the menu open), and the original recording as a download link.
 */
export const DesignAndOriginal: Story = {
  args: withDesignAndOriginal,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Herunterladen' }));
    const designs = within(
      await screen.findByRole('group', { name: 'Gestaltung für DOCX und PDF' }),
    );
    await expect(designs.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
      'Klassisch',
      'Modern',
      'Minimal',
    ]);
    await expect(designs.getByRole('menuitemradio', { name: 'Modern' })).toBeChecked();
    await userEvent.click(designs.getByRole('menuitemradio', { name: 'Minimal' }));
    await expect(designs.getByRole('menuitemradio', { name: 'Minimal' })).toBeChecked();
    await expect(screen.getByRole('menu')).toBeVisible();
    const original = screen.getByRole('menuitem', { name: 'Originalaufnahme (WEBM)' });
    await expect(original).toHaveAttribute('href', '/api/note/8/original');
    await expect(original).toHaveAttribute('download', 'Aufnahme 2026-02-25 16-30.webm');
    await userEvent.click(screen.getByRole('menuitem', { name: 'PDF-Dokument (PDF)' }));
    await expectCalledOnceWith(args.onDownload, 'pdf', 'minimal');

    // The choice stays for the next download; formats without a design get none.
    await userEvent.click(canvas.getByRole('button', { name: 'Herunterladen' }));
    await expect(await screen.findByRole('menuitemradio', { name: 'Minimal' })).toBeChecked();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Markdown (MD)' }));
    await expect(args.onDownload).toHaveBeenLastCalledWith('md');
  },
};

/** Keyboard only: the arrows reach the designs and the recording; Enter picks a design. */
export const DesignKeyboard: Story = {
  args: withDesignAndOriginal,
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Herunterladen' });
    await tabTo(trigger);
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Word-Dokument (DOCX)' })).toHaveFocus(),
    );
    await userEvent.keyboard('{End}');
    await expect(screen.getByRole('menuitem', { name: 'Originalaufnahme (WEBM)' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await expect(screen.getByRole('menuitemradio', { name: 'Minimal' })).toBeChecked();
    await userEvent.keyboard('{Home}{Enter}');
    await expectCalledOnceWith(args.onDownload, 'docx', 'minimal');
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** The reader's menu open, for the screenshot. */
export const DesignAndOriginalOpen: Story = {
  args: withDesignAndOriginal,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Herunterladen' }));
    await expect(await screen.findByRole('menu')).toBeVisible();
  },
};

export const DesignAndOriginalEnglish: Story = {
  args: { ...withDesignAndOriginal, original: { href: '/x', fileName: 'meeting' } },
  globals: { locale: 'en' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download' }));
    const designs = within(await screen.findByRole('group', { name: 'Design for DOCX and PDF' }));
    await userEvent.click(designs.getByRole('menuitemradio', { name: 'Classic' }));
    // A name without an extension: the entry names no type.
    await expect(screen.getByRole('menuitem', { name: 'Original recording' })).toBeVisible();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Word document (DOCX)' }));
    await expectCalledOnceWith(args.onDownload, 'docx', 'classic');
  },
};
