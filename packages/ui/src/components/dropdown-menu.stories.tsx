import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChevronDown, Download, FolderInput, Languages, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from './button.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx';

const meta = {
  title: 'Primitives/DropdownMenu',
  component: DropdownMenu,
  args: { onOpenChange: fn() },
  // Leaves room below the trigger so the open menu is inside the screenshot.
  decorators: [(Story) => <div className="min-h-96">{Story()}</div>],
} satisfies Meta<typeof DropdownMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

interface NoteActionsProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onRename?: () => void;
  onMove?: () => void;
  onDelete?: () => void;
}

function NoteActions({ open, onOpenChange, onRename, onMove, onDelete }: NoteActionsProps) {
  return (
    <DropdownMenu defaultOpen={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          Aktionen <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Teambesprechung 2. März</DropdownMenuLabel>
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={onRename}>
            <Pencil aria-hidden /> Umbenennen
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onMove}>
            <FolderInput aria-hidden /> In Ordner verschieben
          </DropdownMenuItem>
          <DropdownMenuItem disabled>
            <Download aria-hidden /> Als PDF exportieren
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="danger" onSelect={onDelete}>
          <Trash2 aria-hidden /> Löschen
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Every part at once: label, icons, disabled and danger items, checkbox and radio items. */
export const Catalog: Story = {
  render: (args) => (
    <DropdownMenu defaultOpen onOpenChange={args.onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          Ansicht <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Notiz</DropdownMenuLabel>
        <DropdownMenuGroup>
          <DropdownMenuItem>
            <Pencil aria-hidden /> Umbenennen
          </DropdownMenuItem>
          <DropdownMenuItem disabled>
            <Download aria-hidden /> Als PDF exportieren
          </DropdownMenuItem>
          <DropdownMenuItem variant="danger">
            <Trash2 aria-hidden /> Löschen
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel inset>Anzeigen</DropdownMenuLabel>
        <DropdownMenuCheckboxItem checked>Zeitstempel</DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem checked={false}>Sprecher</DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel inset>Sprache</DropdownMenuLabel>
        <DropdownMenuRadioGroup value="de">
          <DropdownMenuRadioItem value="de">Deutsch</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="en">English</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  play: async () => {
    await expect(await screen.findByRole('menu')).toBeVisible();
    await expect(screen.getByRole('menuitemcheckbox', { name: 'Zeitstempel' })).toBeChecked();
    await expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toBeChecked();
  },
};

/** Closed; opens with Enter and ArrowDown, arrow keys move, Enter picks an item and closes. */
export const Closed: StoryObj<typeof NoteActions> = {
  args: { onRename: fn(), onMove: fn(), onDelete: fn() },
  render: (args) => <NoteActions {...args} />,
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Aktionen' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Umbenennen' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(menu).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Umbenennen' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: 'In Ordner verschieben' })).toHaveFocus();
    // The disabled export item is skipped.
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: 'Löschen' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard('{Enter}');

    await expect(args.onMove).toHaveBeenCalledOnce();
    await expect(args.onRename).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

/** Open with a destructive item; clicking it fires its handler. */
export const Danger: StoryObj<typeof NoteActions> = {
  args: { open: true, onDelete: fn() },
  render: (args) => <NoteActions {...args} />,
  play: async ({ args }) => {
    const item = await screen.findByRole('menuitem', { name: 'Löschen' });
    await expect(item).toHaveAttribute('data-variant', 'danger');
    await userEvent.click(item);
    await expect(args.onDelete).toHaveBeenCalledOnce();
  },
};

function LanguageMenu({ onValueChange }: { onValueChange?: (value: string) => void }) {
  const [language, setLanguage] = useState('de');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost">
          <Languages aria-hidden /> Sprache
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            setLanguage(value);
            onValueChange?.(value);
          }}
        >
          <DropdownMenuRadioItem value="de">Deutsch</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="en">English</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A radio group as a language switch: picking an option reports it and marks it checked. */
export const RadioGroup: StoryObj<typeof LanguageMenu> = {
  args: { onValueChange: fn() },
  render: (args) => <LanguageMenu {...args} />,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sprache' }));
    await expect(await screen.findByRole('menuitemradio', { name: 'Deutsch' })).toBeChecked();
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('en');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: 'Sprache' }));
    await expect(await screen.findByRole('menuitemradio', { name: 'English' })).toBeChecked();
  },
};

/** Toggling a checkbox item reports the new state. */
export const CheckboxItems: Story = {
  render: function Render() {
    const [timestamps, setTimestamps] = useState(true);
    return (
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">Anzeigen</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuCheckboxItem checked={timestamps} onCheckedChange={setTimestamps}>
            Zeitstempel
          </DropdownMenuCheckboxItem>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Zeitstempel' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: 'Anzeigen' }));
    await expect(
      await screen.findByRole('menuitemcheckbox', { name: 'Zeitstempel' }),
    ).not.toBeChecked();
  },
};

/** Long German item labels wrap inside the menu instead of widening it past the screen. */
export const LongContent: Story = {
  globals: { viewport: { value: 'mobile' } },
  render: (args) => (
    <DropdownMenu defaultOpen onOpenChange={args.onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Aktionen</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-w-72">
        <DropdownMenuLabel>
          Quartalsbesprechung_Geschäftsführung_Donaudampfschifffahrtsgesellschaft_2026-03-02_final.m4a
        </DropdownMenuLabel>
        <DropdownMenuItem>
          <FolderInput aria-hidden /> In den Ordner „Datenschutzgrundverordnungskonformitätsprüfung“
          verschieben
        </DropdownMenuItem>
        <DropdownMenuItem variant="danger">
          <Trash2 aria-hidden /> Aufzeichnung und Transkription unwiderruflich löschen
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  play: async () => {
    const menu = await screen.findByRole('menu');
    await expect(menu.scrollWidth).toBeLessThanOrEqual(menu.clientWidth);
  },
};
