import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Link } from './link.tsx';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';

const meta = {
  title: 'Primitives/Link',
  component: Link,
  args: { href: '#datenschutz', children: 'Datenschutzerklärung' },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: () => (
    <div className="grid max-w-md gap-4 text-sm">
      <p>
        Mit der Registrierung akzeptieren Sie die <Link href="#agb">Nutzungsbedingungen</Link> und
        die <Link href="#datenschutz">Datenschutzerklärung</Link>.
      </p>
      <p className="text-muted-foreground">
        <Link variant="muted" href="#impressum">
          Impressum
        </Link>{' '}
        ·{' '}
        <Link variant="muted" href="#kontakt">
          Kontakt
        </Link>
      </p>
      <p className="bg-muted p-2">
        <Link href="#auf-muted">Link auf gedämpfter Fläche</Link>
      </p>
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Datenschutzerklärung' });
    await expect(link).toHaveAttribute('href', '#datenschutz');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

export const Muted: Story = {
  args: { variant: 'muted', href: '#impressum', children: 'Impressum' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Impressum' })).toHaveAttribute(
      'data-slot',
      'link',
    );
  },
};

/** A router's link goes in as the child; Link adds only the look. */
function FakeRouterLink({
  to,
  onNavigate,
  children,
  ...props
}: React.ComponentProps<'a'> & { to: string; onNavigate: (to: string) => void }) {
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        event.preventDefault();
        onNavigate(to);
      }}
    >
      {children}
    </a>
  );
}

const navigate = fn();

export const AsChild: Story = {
  args: {
    asChild: true,
    children: (
      <FakeRouterLink to="/notes" onNavigate={navigate}>
        Zu den Notizen
      </FakeRouterLink>
    ),
  },
  play: async ({ canvas }) => {
    navigate.mockClear();
    const link = canvas.getByRole('link', { name: 'Zu den Notizen' });
    await expect(link).toHaveAttribute('data-slot', 'link');
    await expect(link).toHaveAttribute('href', '/notes');
    await userEvent.click(link);
    await expect(navigate).toHaveBeenCalledWith('/notes');
  },
};

export const LongContent: Story = {
  args: { children: `${LONG_WORD} bestellen` },
  render: (args) => (
    <p className="w-48 text-sm">
      Hier können Sie die <Link {...args} /> im Fanshop.
    </p>
  ),
  play: async ({ canvasElement }) => {
    const paragraph = canvasElement.querySelector('p')!;
    await expect(paragraph.scrollWidth).toBeLessThanOrEqual(paragraph.clientWidth);
  },
};
