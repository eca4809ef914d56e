import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useConfirmedAction } from '../../src/shared/charts/useConfirmedAction';
import { renderWithServices } from './renderApp';

/** A screen whose action and list reload change as it renders again (a new query, a new closure). */
function Removal({ calls }: { calls: string[] }) {
  const [generation, setGeneration] = useState(1);
  const removal = useConfirmedAction(
    async (item) => {
      calls.push(`act ${generation} ${item.id}`);
      return { ok: true };
    },
    () => calls.push(`refresh ${generation}`),
  );
  return (
    <>
      <button type="button" onClick={() => setGeneration((n) => n + 1)}>
        render again
      </button>
      <button type="button" onClick={() => removal.ask({ id: '7' })}>
        remove
      </button>
      <button type="button" onClick={removal.confirm}>
        confirm
      </button>
    </>
  );
}

describe('useConfirmedAction, the chart on its own', () => {
  it('calls the action and the list reload the view last rendered with, though the chart started with the first', async () => {
    const calls: string[] = [];
    renderWithServices(<Removal calls={calls} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'render again' }));
    await user.click(screen.getByRole('button', { name: 'remove' }));
    await user.click(screen.getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(calls).toEqual(['act 2 7', 'refresh 2']));
  });
});
