import { test as base, expect, type Page, type Route } from '@playwright/test';

/**
 * Every test watches the page for console errors and unhandled rejections and fails on any it
 * did not declare. A test that forces an API fault declares the browser's own network log line.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; watchPage: void }>({
  allowConsoleErrors: [[], { option: true }],
  watchPage: [
    async ({ page, allowConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowConsoleErrors.some((allowed) => allowed.test(text))) problems.push(`console: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems, 'console errors or unhandled rejections').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The browser's own log line for a failed request: expected when a test forces a fault. */
export const FAILED_RESOURCE = /Failed to load resource/;

const envelope = (statusCode: number, message: string, result: unknown = null) =>
  JSON.stringify({ statusCode, message, result });

/** What a patient does and sees, named as such. */
export class PatientApp {
  constructor(readonly page: Page) {}

  async open(path: string) {
    await this.page.goto(path);
  }

  async tapTile(name: string | RegExp) {
    await this.page.getByRole('link', { name }).click();
  }

  /** Makes the next answers of one API call the given fault. */
  async forceApi(call: string, fault: '7001' | 'business' | 'http500' | 'network' | 'malformed') {
    await this.page.route(`**/api/**/${call}*`, (route: Route) => {
      switch (fault) {
        case '7001':
          return route.fulfill({ contentType: 'application/json', body: envelope(7001, '医院已停用云胶片服务') });
        case 'business':
          return route.fulfill({ contentType: 'application/json', body: envelope(5003, '数据同步中，请稍候') });
        case 'http500':
          return route.fulfill({ status: 500, body: 'Internal Server Error' });
        case 'network':
          return route.abort('internetdisconnected');
        case 'malformed':
          return route.fulfill({ contentType: 'text/html', body: '<html>Wi-Fi portal login</html>' });
      }
    });
  }

  async stopForcing(call: string) {
    await this.page.unroute(`**/api/**/${call}*`);
  }

  errorPage() {
    return this.page.getByTestId('error-page');
  }

  stopPage() {
    return this.page.getByTestId('stop-page');
  }

  title() {
    return this.page.getByTestId('page-title');
  }

  path() {
    const url = new URL(this.page.url());
    return `${url.pathname}${url.search}`;
  }
}
