import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TabStrip } from '../../src/shared/views/TabStrip';

describe('the tab strip (TabStrip)', () => {
  it('is a tab list with a tab per option, the selected one marked, each carrying its label for the unseen bold copy', async () => {
    const onSelect = vi.fn();
    render(<TabStrip tabs={['all', 'paid']} selected="paid" onSelect={onSelect} label={(tab) => `Tab ${tab}`} testId={(tab) => `store-tab-${tab}`} />);
    const tabs = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist')).toContainElement(tabs[0]!);
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected'), tab.getAttribute('data-label')])).toEqual([
      ['Tab all', 'false', 'Tab all'],
      ['Tab paid', 'true', 'Tab paid'],
    ]);
    await userEvent.click(screen.getByTestId('store-tab-all'));
    expect(onSelect).toHaveBeenCalledWith('all');
  });
});
