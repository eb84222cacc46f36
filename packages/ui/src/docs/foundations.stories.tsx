import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  BrandScale,
  ColorRoles,
  ContrastTable,
  Fonts,
  Icons,
  Radii,
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

export const Colors: Story = {
  render: () => (
    <div className="grid gap-8">
      <BrandScale />
      <ColorRoles />
      <ContrastTable />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('table, li, div').length).toBeGreaterThan(10);
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
    await expect(canvasElement.textContent ?? '').not.toBe('');
  },
};

export const IconSet: Story = {
  render: () => <Icons />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('svg').length).toBeGreaterThan(5);
  },
};
