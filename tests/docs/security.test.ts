// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// The sandbox's modules declare their limits when they load: all of them, through the app.
import '../../server/app';
import { registeredLimits } from '../../server/rateLimit';
import { SERVER_AUDIT_STEPS } from '../../server/repositories/serverAudit';

const page = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');

describe('docs/security.md', () => {
  it('names every abuse limit the sandbox declares', () => {
    const names = registeredLimits().map((limit) => limit.name);
    expect(names.length).toBeGreaterThan(20);
    // A row may group limits: `collect.sms.phone.minute`, `.hour`, `.day`.
    const named = (name: string) => page.includes(`\`${name}\``) || page.includes(`\`${name.slice(name.lastIndexOf('.'))}\``);
    expect(names.filter((name) => !named(name))).toEqual([]);
  });

  it("says every step the server writes into the audit trail", () => {
    const words: Record<(typeof SERVER_AUDIT_STEPS)[number], string> = {
      order_created: 'order created',
      pay_requested: 'pay asked',
      provider_notified: 'provider notified',
      pay_result_answered: 'pay result answered',
      cancel: 'cancel',
    };
    for (const step of SERVER_AUDIT_STEPS) expect(page).toContain(words[step]);
  });
});
