import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Field } from '../../components/field.tsx';
import { Input } from '../../components/input.tsx';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { FormSection } from './form-section.tsx';

const meta = {
  title: 'Screens/Protocol/Parts/FormSection',
  component: FormSection,
  args: {
    title: 'Notiz',
    description: 'Name und Ablageort der neuen Notiz.',
    className: 'sm:grid-cols-2',
    children: (
      <>
        <Field label="Name der Notiz" hint="Leer lassen, um den Dateinamen zu verwenden.">
          <Input defaultValue="Teambesprechung März" />
        </Field>
        <Field label="Ort">
          <Input defaultValue="Besprechungsraum 2" />
        </Field>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div className="max-w-4xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FormSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A group named by its heading; its fields in two columns from `sm` up. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: 'Notiz' });
    await expect(within(group).getByRole('heading', { level: 3, name: 'Notiz' })).toBeVisible();
    await expect(within(group).getByText('Name und Ablageort der neuen Notiz.')).toBeVisible();
    const name = within(group).getByLabelText('Name der Notiz').getBoundingClientRect();
    const place = within(group).getByLabelText('Ort').getBoundingClientRect();
    await expect(place.left).toBeGreaterThan(name.right);
  },
};

/** Without a class for columns the fields stack. */
export const OneColumn: Story = {
  args: { className: undefined },
  play: async ({ canvas }) => {
    const name = canvas.getByLabelText('Name der Notiz').getBoundingClientRect();
    const place = canvas.getByLabelText('Ort').getBoundingClientRect();
    await expect(place.top).toBeGreaterThan(name.bottom);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    title: 'Note',
    description: 'Name and place of the new note.',
    children: (
      <>
        <Field label="Note name" hint="Leave empty to use the file name.">
          <Input defaultValue="Team meeting March" />
        </Field>
        <Field label="Place">
          <Input defaultValue="Meeting room 2" />
        </Field>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Note' })).toBeVisible();
  },
};

/** A long German heading on a phone wraps; the fields stack. */
export const LongTitleMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: {
    title: 'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung',
    description:
      'Aufnahmen der Sitzungen des Rechtsausschusses zur Donaudampfschifffahrtsgesellschaft.',
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('group', {
        name: 'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung',
      }),
    ).toBeVisible();
    await expectNoOverflow(canvasElement);
  },
};
