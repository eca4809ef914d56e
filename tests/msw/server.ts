import { afterAll, afterEach, beforeAll } from 'vitest';
import { aiOrders, payRequests, server } from './handlers';

/** Call once at the top of a test file that talks to the API. */
export function startMswServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    aiOrders.reset();
    payRequests.length = 0;
  });
  afterAll(() => server.close());
}
