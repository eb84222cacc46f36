import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from './button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card.tsx';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';

const meta = {
  title: 'Primitives/Card',
  component: Card,
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

function ExampleCard({
  title = 'Teamrunde Vertrieb',
  text = 'Budget für Q2 besprochen, Messeauftritt im Mai beschlossen.',
}) {
  return (
    <Card className="max-w-sm">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>2. März 2026 · 42 Minuten</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm">{text}</p>
      </CardContent>
      <CardFooter>
        <Button>Öffnen</Button>
        <Button variant="outline">Teilen</Button>
      </CardFooter>
    </Card>
  );
}

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-4 sm:grid-cols-2">
      <ExampleCard />
      <Card className="max-w-sm">
        <CardHeader>
          <CardTitle>Nur Kopf</CardTitle>
          <CardDescription>Ohne Inhalt und Fußzeile.</CardDescription>
        </CardHeader>
      </Card>
      <Card className="max-w-sm">
        <CardContent>
          <p className="text-sm">Nur Inhalt, ohne Kopf.</p>
        </CardContent>
      </Card>
    </div>
  ),
};

export const Default: Story = {
  render: () => <ExampleCard />,
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'Teamrunde Vertrieb', level: 3 }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Öffnen' })).toBeEnabled();
  },
};

export const HeadingLevel: Story = {
  render: () => (
    <Card className="max-w-sm">
      <CardHeader>
        <CardTitle asChild>
          <h2>Abrechnung</h2>
        </CardTitle>
      </CardHeader>
    </Card>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Abrechnung', level: 2 })).toHaveAttribute(
      'data-slot',
      'card-title',
    );
  },
};

export const LongContent: Story = {
  render: () => (
    <div className="w-56">
      <ExampleCard title={LONG_WORD} text={`Die ${LONG_WORD} wurde im Fundbüro abgegeben.`} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector<HTMLElement>('[data-slot="card"]')!;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};
