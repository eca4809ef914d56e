import type { AiOrderRepository, AnalysisOutcome } from './repositories/aiOrders';

export interface AiAnalysisSettings {
  /** How long after payment an analysis ends; null: never by itself, only through the test hook. */
  delayMs: number | null;
  /** How every analysis the timer ends turns out. */
  outcome: AnalysisOutcome;
}

export const DEFAULT_AI_ANALYSIS_DELAY_MS = 30_000;
const MAX_DELAY_MS = 2_147_483_647;

/**
 * From `CF_AI_ANALYSIS_MS` (milliseconds, or "off") and `CF_AI_ANALYSIS_OUTCOME` ("succeeded" or
 * "failed"). A bad value stops the sandbox's start rather than surprising a test later.
 */
export function aiAnalysisSettings(env: NodeJS.ProcessEnv = process.env): AiAnalysisSettings {
  const delay = env.CF_AI_ANALYSIS_MS?.trim() || String(DEFAULT_AI_ANALYSIS_DELAY_MS);
  const outcome = env.CF_AI_ANALYSIS_OUTCOME?.trim() || 'succeeded';
  const delayMs = delay === 'off' ? null : Number(delay);
  if (delayMs !== null && !(/^\d+$/.test(delay) && delayMs <= MAX_DELAY_MS)) {
    throw new Error(`CF_AI_ANALYSIS_MS must be a whole number of milliseconds or "off", got "${delay}"`);
  }
  if (outcome !== 'succeeded' && outcome !== 'failed') {
    throw new Error(`CF_AI_ANALYSIS_OUTCOME must be "succeeded" or "failed", got "${outcome}"`);
  }
  return { delayMs, outcome };
}

/**
 * The sandbox's stand-in for the AI service: a paid order (1, analysing) or a free one (0, queued)
 * ends as 3 (succeeded) or 4 (failed, with DEFAULT_FAILURE_REASON) after a fixed delay with a fixed
 * outcome, or when a test says so. Never at random.
 */
export function aiAnalysis(orders: AiOrderRepository, settings: AiAnalysisSettings) {
  const timers = new Map<number, NodeJS.Timeout>();

  function cancelTimer(orderId: number) {
    clearTimeout(timers.get(orderId));
    timers.delete(orderId);
  }

  return {
    settings,

    /** The order was just paid, or queued for free. */
    started(orderId: number): void {
      if (settings.delayMs === null) return;
      cancelTimer(orderId);
      const timer = setTimeout(() => {
        timers.delete(orderId);
        orders.finishAnalysis(orderId, settings.outcome, new Date());
      }, settings.delayMs);
      timer.unref();
      timers.set(orderId, timer);
    },

    /** Ends the analysis now (a failure for `reason`, if given); false when the order is not queued or analysing. */
    finish(orderId: number, outcome: AnalysisOutcome = settings.outcome, reason?: string): boolean {
      cancelTimer(orderId);
      return orders.finishAnalysis(orderId, outcome, new Date(), reason);
    },

    close(): void {
      for (const orderId of [...timers.keys()]) cancelTimer(orderId);
    },
  };
}

export type AiAnalysis = ReturnType<typeof aiAnalysis>;
