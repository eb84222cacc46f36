import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

afterEach(cleanup);

describe('Button loading', () => {
  it('keeps the focus of the person who pressed it, and runs nothing while loading', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Speichern</Button>);
    const button = screen.getByRole('button', { name: 'Speichern' });
    button.focus();
    rerender(
      <Button onClick={onClick} loading>
        Speichern
      </Button>,
    );
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    rerender(<Button onClick={onClick}>Speichern</Button>);
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('does not submit its form while loading, by click or by Enter in a field', async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit" loading>
          Senden
        </Button>
      </form>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Anna{Enter}');
    screen.getByRole('button', { name: 'Senden' }).click();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
