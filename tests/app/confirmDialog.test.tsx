import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type DialogTone } from '../../src/shared/views/ConfirmDialog';

function Page({ tone, onConfirm = () => {} }: { tone?: DialogTone; onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Cancel the order</button>
      <a href="#behind">A link behind the dialog</a>
      {open && (
        <ConfirmDialog
          testId="dialog"
          message="Cancel this order?"
          detail="CT chest, ¥30.00"
          confirmLabel="Cancel it"
          dismissLabel="Keep it"
          tone={tone}
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
          onDismiss={() => setOpen(false)}
        >
          <a href="#more">What is sent</a>
        </ConfirmDialog>
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('opens on the safe answer and Tab goes round its own controls, never to the page behind', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Cancel the order' }));
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel it' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'What is sent' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel it' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'What is sent' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
  });

  it('a question starts on the dialog itself; Shift+Tab from there goes to its last control', async () => {
    const user = userEvent.setup();
    render(<Page tone="question" />);
    await user.click(screen.getByRole('button', { name: 'Cancel the order' }));
    expect(screen.getByTestId('dialog')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel it' })).toHaveFocus();
  });

  it('Escape and a tap beside it dismiss without confirming, and focus goes back to the opener', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Page onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Cancel the order' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    await user.click(opener);
    fireEvent.click(screen.getByTestId('dialog').parentElement!);
    expect(screen.queryByTestId('dialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirming confirms once', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Page onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Cancel the order' }));
    await user.click(screen.getByRole('button', { name: 'Cancel it' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
