import type { Meta, StoryObj } from '@storybook/react-vite';
import { ArrowLeft, FilePlus2 } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from './button.tsx';
import { PageHeader } from './page-header.tsx';

const LONG_TITLE =
  'Quartalsbesprechung der Donaudampfschifffahrtsgesellschaftskapitänsvereinigung mit allen Abteilungsleitungen';

const meta = {
  title: 'Primitives/PageHeader',
  component: PageHeader,
  args: {
    title: 'Notizen',
    description: 'Alle Ihre Besprechungen an einem Ort.',
  },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Title and description: the page's only `<h1>`. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Notizen' })).toBeVisible();
    await expect(canvas.getByText('Alle Ihre Besprechungen an einem Ort.')).toBeVisible();
  },
};

/** The title alone. */
export const TitleOnly: Story = {
  args: { description: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Notizen');
  },
};

const newNote = fn();

/** The page's action beside the title. */
export const WithAction: Story = {
  args: {
    actions: (
      <Button onClick={newNote}>
        <FilePlus2 aria-hidden />
        Neue Notiz
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    newNote.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Neue Notiz' }));
    await expect(newNote).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** A way back above the title. */
export const WithBackLink: Story = {
  args: {
    back: (
      <a href="#notes" className="inline-flex items-center gap-1 text-sm text-muted-foreground">
        <ArrowLeft aria-hidden className="size-4" />
        Zurück zu den Notizen
      </a>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Zurück zu den Notizen' })).toBeVisible();
  },
};

/** A long German title wraps, balanced, and a word longer than the line breaks. */
export const LongGermanTitle: Story = {
  args: {
    title: LONG_TITLE,
    actions: <Button>Neue Notiz</Button>,
  },
  render: (args) => (
    <div className="w-96">
      <PageHeader {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const header = canvasElement.querySelector<HTMLElement>('[data-slot="page-header"]')!;
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
  },
};

/** A file name as title breaks anywhere rather than running out. */
export const FileNameTitle: Story = {
  args: {
    title: 'Aufnahme_2026-03-02_Vorstandssitzung_Protokollentwurf_final_v3.m4a',
    description: undefined,
    wrap: 'anywhere',
  },
  render: (args) => (
    <div className="w-64">
      <PageHeader {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const header = canvasElement.querySelector<HTMLElement>('[data-slot="page-header"]')!;
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
  },
};

/** On a phone the action moves below the title. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    title: LONG_TITLE,
    actions: (
      <Button>
        <FilePlus2 aria-hidden />
        Neue Notiz
      </Button>
    ),
  },
  play: async ({ canvas, canvasElement }) => {
    const title = canvas.getByRole('heading', { level: 1 });
    const action = canvas.getByRole('button', { name: 'Neue Notiz' });
    await expect(action.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      title.getBoundingClientRect().bottom,
    );
    const header = canvasElement.querySelector<HTMLElement>('[data-slot="page-header"]')!;
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
  },
};
