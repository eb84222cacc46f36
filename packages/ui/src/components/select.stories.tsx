import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from './select.tsx';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';

function LanguageSelect(
  props: React.ComponentProps<typeof Select> & {
    size?: 'sm' | 'md' | 'lg';
    label?: string;
    invalid?: boolean;
  },
) {
  const { size, label = 'Sprache der Aufnahme', invalid, ...rest } = props;
  return (
    <Select {...rest}>
      <SelectTrigger size={size} aria-label={label} aria-invalid={invalid || undefined}>
        <SelectValue placeholder="Sprache wählen" />
      </SelectTrigger>
      <SelectContent>
        <SelectGroup>
          <SelectLabel>Häufig</SelectLabel>
          <SelectItem value="de">Deutsch</SelectItem>
          <SelectItem value="en">Englisch</SelectItem>
        </SelectGroup>
        <SelectSeparator />
        <SelectGroup>
          <SelectLabel>Weitere</SelectLabel>
          <SelectItem value="fr">Französisch</SelectItem>
          <SelectItem value="it" disabled>
            Italienisch (bald verfügbar)
          </SelectItem>
        </SelectGroup>
      </SelectContent>
    </Select>
  );
}

const meta = {
  title: 'Primitives/Select',
  component: Select,
  args: { onValueChange: fn() },
  render: (args) => (
    <div className="max-w-xs">
      <LanguageSelect {...args} />
    </div>
  ),
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

const sizes = ['sm', 'md', 'lg'] as const;

export const Catalog: Story = {
  render: () => (
    <div className="grid max-w-xs gap-4">
      {sizes.map((size) => (
        <div key={size} className="grid gap-2">
          <LanguageSelect size={size} label={`Leer ${size}`} />
          <LanguageSelect size={size} label={`Gewählt ${size}`} defaultValue="de" />
          <LanguageSelect size={size} label={`Fehlerhaft ${size}`} invalid />
          <LanguageSelect size={size} label={`Deaktiviert ${size}`} defaultValue="en" disabled />
        </div>
      ))}
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Sprache der Aufnahme' });
    await expect(trigger).toHaveTextContent('Sprache wählen');
    await userEvent.click(trigger);
    // The list lives in a portal outside the story's canvas.
    const listbox = await screen.findByRole('listbox');
    await expect(listbox).toBeVisible();
    await userEvent.click(screen.getByRole('option', { name: 'Französisch' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(trigger).toHaveTextContent('Französisch');
    await expect(args.onValueChange).toHaveBeenCalledWith('fr');
  },
};

export const KeyboardSelection: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Sprache der Aufnahme' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(args.onValueChange).toHaveBeenCalledWith('en'));
    await expect(trigger).toHaveFocus();
  },
};

export const Selected: Story = {
  args: { defaultValue: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Sprache der Aufnahme' })).toHaveTextContent(
      'Deutsch',
    );
  },
};

export const Open: Story = {
  args: { defaultOpen: true, defaultValue: 'en' },
  render: (args) => (
    <div className="h-72 max-w-xs">
      <LanguageSelect {...args} />
    </div>
  ),
  play: async () => {
    await expect(await screen.findByRole('option', { name: 'Englisch' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(screen.getByRole('option', { name: /Italienisch/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Sprache der Aufnahme' })).toBeDisabled();
  },
};

export const Invalid: Story = {
  render: (args) => (
    <div className="max-w-xs">
      <LanguageSelect {...args} invalid />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Sprache der Aufnahme' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const LongContent: Story = {
  args: { defaultValue: 'long', defaultOpen: true },
  render: (args) => (
    <div className="h-72 w-48">
      <Select {...args}>
        <SelectTrigger aria-label="Ordner">
          <SelectValue placeholder="Ordner wählen" />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="long">{LONG_WORD}</SelectItem>
          <SelectItem value="short">Kurz</SelectItem>
        </SelectContent>
      </Select>
    </div>
  ),
  play: async ({ canvas }) => {
    // While the list is open the page behind it is aria-hidden.
    const trigger = canvas.getByRole('combobox', { name: 'Ordner', hidden: true });
    await expect(trigger.scrollWidth).toBeLessThanOrEqual(trigger.clientWidth);
    const option = await screen.findByRole('option', { name: LONG_WORD });
    await expect(option.scrollWidth).toBeLessThanOrEqual(option.clientWidth);
  },
};
