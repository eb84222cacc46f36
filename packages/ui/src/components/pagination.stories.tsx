import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination, getPaginationItems } from './pagination.tsx';

const meta = {
  title: 'Primitives/Pagination',
  component: Pagination,
  args: { page: 5, pageCount: 20, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

/** First, middle and last page of many, and a short list without ellipses. */
export const Catalog: Story = {
  render: (args) => (
    <div className="grid gap-6">
      <Pagination {...args} page={1} aria-label="Erste Seite" />
      <Pagination {...args} page={5} aria-label="Mitte" />
      <Pagination {...args} page={20} aria-label="Letzte Seite" />
      <Pagination {...args} page={2} pageCount={4} aria-label="Wenige Seiten" />
    </div>
  ),
};

/** Picking a page reports it; previous and next report their neighbours. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole('navigation', { name: 'Seitennavigation' });
    await expect(within(nav).getByRole('button', { name: 'Seite 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(nav).getByRole('button', { name: 'Seite 6' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
    await userEvent.click(within(nav).getByRole('button', { name: 'Zurück' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(within(nav).getByRole('button', { name: 'Weiter' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
    await userEvent.click(within(nav).getByRole('button', { name: 'Seite 20' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(20);
    // The current page is not a navigation target.
    await userEvent.click(within(nav).getByRole('button', { name: 'Seite 5' }));
    await expect(args.onPageChange).toHaveBeenCalledTimes(4);
  },
};

/** 1 … 4 5 6 … 20: the hidden ranges are ellipses, announced as "Weitere Seiten". */
export const ManyPages: Story = {
  play: async ({ canvas }) => {
    const pages = canvas
      .getAllByRole('button', { name: /^Seite / })
      .map((button) => button.textContent);
    await expect(pages).toEqual(['1', '4', '5', '6', '20']);
    await expect(canvas.getAllByText('Weitere Seiten')).toHaveLength(2);
    await expect(getPaginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    await expect(getPaginationItems(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    await expect(getPaginationItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  },
};

/** Few pages: all numbers, no ellipsis. */
export const FewPages: Story = {
  args: { page: 2, pageCount: 4 },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: /^Seite / })).toHaveLength(4);
    await expect(canvas.queryByText('Weitere Seiten')).not.toBeInTheDocument();
  },
};

export const FirstPage: Story = {
  args: { page: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Weiter' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Seite 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const LastPage: Story = {
  args: { page: 20 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Weiter' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Zurück' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Seite 20' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** A single page needs no pagination: nothing is rendered. */
export const SinglePage: Story = {
  args: { page: 1, pageCount: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
  },
};

/** Wired to state: aria-current follows the page picked with the mouse or the keyboard. */
export const Interactive: Story = {
  args: { page: 1 },
  render: function Render(args) {
    const [page, setPage] = useState(args.page);
    return (
      <Pagination
        {...args}
        page={page}
        onPageChange={(next) => {
          setPage(next);
          args.onPageChange(next);
        }}
      />
    );
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Seite 4' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4);
    await expect(canvas.getByRole('button', { name: 'Seite 4' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: 'Seite 1' })).not.toHaveAttribute(
      'aria-current',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Weiter' }));
    await expect(canvas.getByRole('button', { name: 'Seite 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Seite 6' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Phone width: previous and next keep only their arrows, all page buttons fit on one line. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    const buttons = within(list).getAllByRole('button');
    const tops = new Set(buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
    await expect(tops.size).toBe(1);
  },
};
