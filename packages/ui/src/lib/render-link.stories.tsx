import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { expectCalledOnceWith } from './story-helpers.ts';
import { linkVariants } from '../components/link.tsx';
import { UiProvider } from './ui-provider.tsx';
import { ItemLink, type ItemLinkProps, type LinkItem, type RenderLink } from './render-link.tsx';

const pricing: LinkItem = {
  key: 'pricing',
  label: 'Alle Einzelheiten zu den Tarifen',
  href: '/preise',
};

/** A stand-in for the app's router link: its own anchor, told apart by `data-router`. */
function routerLink(onNavigate: (href: string) => void): RenderLink {
  return function RouterLink(item, children) {
    return (
      <a
        href={item.href}
        data-router=""
        onClick={(event) => {
          event.preventDefault();
          onNavigate(item.href);
        }}
      >
        {children}
      </a>
    );
  };
}

interface RoutedItemLinkProps extends ItemLinkProps<LinkItem> {
  /** The router was asked to go to this address. */
  onNavigate: (href: string) => void;
}

/** `ItemLink` below a `UiProvider` with the router link stand-in as its `renderLink`. */
function RoutedItemLink({ onNavigate, ...props }: RoutedItemLinkProps) {
  return (
    <UiProvider renderLink={routerLink(onNavigate)}>
      <ItemLink {...props} />
    </UiProvider>
  );
}

const meta = {
  title: 'Primitives/ItemLink',
  component: ItemLink,
  parameters: {
    docs: {
      description: {
        component:
          'A link to an address the app resolved (`LinkItem`): a plain `<a href>`, or the element returned by the `renderLink` the app gave `UiProvider` once (its router link), onto which the UI merges its own props (class, `aria-current`). Layouts and sections use it so the UI never builds a URL itself.',
      },
    },
  },
  args: {
    item: pricing,
    className: linkVariants(),
    children: pricing.label,
  },
} satisfies Meta<typeof ItemLink<LinkItem>>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without `renderLink`: a plain anchor with the item's address and the given class. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Alle Einzelheiten zu den Tarifen' });
    await expect(link).toHaveAttribute('href', '/preise');
    await expect(link).not.toHaveAttribute('data-router');
    await expect(link.className).toContain('underline');
  },
};

/**
 * With the app's `renderLink`: its element is rendered, with the UI's class and `aria-current`
 * merged onto it, and a click is the router's.
 */
export const RouterLink: StoryObj<typeof RoutedItemLink> = {
  args: { ...meta.args, 'aria-current': 'page', onNavigate: fn() },
  render: (args) => <RoutedItemLink {...args} />,
  play: async ({ canvas, args }) => {
    const link = canvas.getByRole('link', { name: 'Alle Einzelheiten zu den Tarifen' });
    await expect(link).toHaveAttribute('data-router');
    await expect(link).toHaveAttribute('href', '/preise');
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(link.className).toContain('underline');
    await userEvent.click(link);
    await expectCalledOnceWith(args.onNavigate, '/preise');
  },
};
