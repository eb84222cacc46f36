import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  BrandScale,
  ColorRoles,
  ContrastTable,
  Fonts,
  Icons,
  Radii,
  usedIcons,
  Shadows,
  SpacingScale,
  TypeScale,
} from './foundations.tsx';

/** The tables the Foundations pages show, each on its own: tokens as the design system has them. */
const meta = {
  title: 'Foundations/Tables',
  component: ColorRoles,
} satisfies Meta<typeof ColorRoles>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The column titles of each table on the canvas, in order. */
function tableHeads(canvasElement: HTMLElement): string[][] {
  return within(canvasElement)
    .getAllByRole('table')
    .map((table) =>
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent ?? ''),
    );
}

export const Colors: Story = {
  render: () => (
    <div className="grid gap-8">
      <BrandScale />
      <ColorRoles />
      <ContrastTable />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(tableHeads(canvasElement)).toEqual([
      ['Role', 'Light', 'Dark'],
      ['Text', 'On', 'Light', 'Dark'],
    ]);
    // The roles the product's screens are built from, each with a light and a dark value.
    for (const role of ['--background', '--foreground', '--primary', '--danger', '--ring']) {
      const row = canvas.getAllByRole('row').find((tr) => tr.firstChild?.textContent === role);
      await expect(row, role).toBeDefined();
      await expect(within(row!).getAllByRole('cell')).toHaveLength(3);
    }
    // Every text colour on the surface it is meant for reaches WCAG AA (4.5:1), light and dark.
    const contrast = within(canvas.getAllByRole('table')[1]!);
    const verdicts = contrast.getAllByText(/^\d+\.\d\d:1 /u).map((cell) => cell.textContent);
    await expect(verdicts.length).toBeGreaterThan(4);
    for (const verdict of verdicts) await expect(verdict).toMatch(/ AA$/u);
  },
};

export const TypeAndSpace: Story = {
  render: () => (
    <div className="grid gap-8">
      <TypeScale />
      <Fonts />
      <SpacingScale />
      <Radii />
      <Shadows />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(tableHeads(canvasElement)).toEqual([
      ['Token', 'Size', 'Sample'],
      ['Token', 'Stack', 'Sample'],
      ['Class step', 'Size', 'Sample'],
    ]);
    const canvas = within(canvasElement);
    // Radii and shadows are figures named by their token.
    await expect(canvas.getByText(/^--radius-lg · /u)).toBeVisible();
    await expect(canvas.getAllByRole('figure').length).toBeGreaterThan(4);
  },
};

export const IconSet: Story = {
  render: () => <Icons />,
  play: async ({ canvasElement }) => {
    // Every icon the design system imports is shown once, drawn, under its lucide name.
    const names = [...usedIcons().keys()];
    const figures = within(canvasElement).getAllByRole('figure');
    await expect(figures).toHaveLength(names.length);
    for (const [index, name] of names.entries()) {
      await expect(figures[index]).toHaveTextContent(name);
      await expect(figures[index]!.querySelector('svg')).not.toBeNull();
    }
  },
};
