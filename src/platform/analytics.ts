/**
 * Product analytics (spec section 8: cancelled and failed payments are logged). Events are kept
 * in order for the audit work to ship; nothing leaves the page yet.
 */
export interface AnalyticsEvent {
  name: string;
  at: string;
  data: Record<string, unknown>;
}

export interface Analytics {
  track(name: string, data: Record<string, unknown>): void;
  events(): readonly AnalyticsEvent[];
}

export function createAnalytics(now: () => Date = () => new Date()): Analytics {
  const log: AnalyticsEvent[] = [];
  return {
    track: (name, data) => void log.push({ name, at: now().toISOString(), data }),
    events: () => log,
  };
}
