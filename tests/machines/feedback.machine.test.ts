// @vitest-environment node
import { vi } from 'vitest';
import { feedbackMachine } from '../../machines/feedback/feedback.machine';
import { feedbackEvents, feedbackInput } from '../../machines/feedback/feedback.model';
import { feedbackOracle } from '../../machines/feedback/feedback.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'feedback',
  machine: feedbackMachine,
  events: feedbackEvents as never,
  input: feedbackInput,
  pinnedPaths: 382,
  oracle: feedbackOracle,
  start: () =>
    startChart(feedbackMachine, {
      input: feedbackInput,
      provide: () => ({ actions: { saveDraft: vi.fn<() => void>(), clearDraft: vi.fn<() => void>() } }),
    }),
});
