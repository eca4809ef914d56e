import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadProgress } from '../../src/shared/views/UploadProgress';

describe('the upload progress (UploadProgress)', () => {
  it('is a named progress bar in whole per cent, filled as far, with the same in words', () => {
    render(<UploadProgress percent={42} label="Sending" text="42% sent" testId="feedback-progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Sending' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar.firstElementChild).toHaveStyle({ width: '42%' });
    expect(screen.getByTestId('feedback-progress')).toHaveTextContent('42% sent');
  });
});
