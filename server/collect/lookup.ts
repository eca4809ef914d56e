import { defineLimit } from '../rateLimit';
import type { RateLimiter } from '../rateLimit';
import type { CollectMethod } from '../../src/shared/api/collectSchemas';
import { accessionOfBagCode } from './bagCode';
import type { CaptchaAnswer, CaptchaRules } from './captcha';
import { requireAll } from './limits';
import type { Hit } from './limits';

/**
 * The public lookups that can reveal a person or a study (issue 22): by national ID, by name and
 * phone, each with or without a film bag's code (Package/checkcollect, Report/PatientPhone,
 * Package/MachTextKeyWords, and the SMS sends, which say whom they found). Each needs an image
 * code answered for its target and is counted per client; each image code answered for a target
 * is counted per target (the national ID, the mobile number, the film bag), so farming one
 * person or one bag takes a solved image code per guess and stops at the target's limit.
 */

export type LookupTarget = (
  | { method: Extract<CollectMethod, 'nationalId'>; idCard: string }
  | { method: Extract<CollectMethod, 'namePhone'>; name: string; phone: string }
) & { bagCode?: string };

export const LOOKUP_MESSAGE = '查询过于频繁，请稍后再试';

export const LOOKUPS_PER_CLIENT = defineLimit({
  name: 'collect.lookup.client',
  max: 60,
  windowSeconds: 3600,
  perClient: true,
  purpose: 'public lookups of a person or a study (checkcollect, PatientPhone, MachTextKeyWords, sendcode) one client may make',
});

export const LOOKUPS_PER_NATIONAL_ID = defineLimit({
  name: 'collect.lookup.nationalId',
  max: 10,
  windowSeconds: 3600,
  perClient: false,
  purpose: 'image codes answered to look up one national ID',
});

/** By name and phone the number is the target: a name guessed per lookup must not make a new one. */
export const LOOKUPS_PER_PHONE = defineLimit({
  name: 'collect.lookup.phone',
  max: 10,
  windowSeconds: 3600,
  perClient: false,
  purpose: 'image codes answered to look up one mobile number by name and phone (guessing whose number it is)',
});

export const LOOKUPS_PER_BAG = defineLimit({
  name: 'collect.lookup.bag',
  max: 10,
  windowSeconds: 3600,
  perClient: false,
  purpose: "image codes answered to look up one film bag's code (guessing whose bag it is)",
});

const nationalIdKey = (idCard: string) => idCard.trim().toUpperCase();
const phoneKey = (phone: string) => phone.trim();

/** The target as the image code is bound to it: the same typed values give the same target. */
function targetOf(target: LookupTarget): string {
  const person = target.method === 'nationalId' ? `id:${nationalIdKey(target.idCard)}` : `name:${target.name.trim()}\nphone:${phoneKey(target.phone)}`;
  return target.bagCode === undefined ? person : `${person}\nbag:${accessionOfBagCode(target.bagCode)}`;
}

function hitsOf(target: LookupTarget): Hit[] {
  const person: Hit = target.method === 'nationalId' ? [LOOKUPS_PER_NATIONAL_ID, nationalIdKey(target.idCard)] : [LOOKUPS_PER_PHONE, phoneKey(target.phone)];
  return target.bagCode === undefined ? [person] : [person, [LOOKUPS_PER_BAG, accessionOfBagCode(target.bagCode)]];
}

export function lookupRules(captchas: CaptchaRules, limits: RateLimiter) {
  return {
    /**
     * Lets a lookup of `target` go on, or throws: 429 past the client's limit or (on the image
     * code's first answer) the target's; 4001/4002 without an image code answered for it.
     */
    open(client: string, captcha: CaptchaAnswer, target: LookupTarget, now: Date): void {
      limits.require(LOOKUPS_PER_CLIENT, client, now, LOOKUP_MESSAGE);
      captchas.open(captcha, targetOf(target), now, () => requireAll(limits, hitsOf(target), now, LOOKUP_MESSAGE));
    },

    /** The SMS send the lookups led to: the image code is used up (4002 when it no longer opens `target`). */
    close(captcha: CaptchaAnswer, target: LookupTarget, now: Date): void {
      captchas.useUp(captcha, targetOf(target), now);
    },
  };
}

export type LookupRules = ReturnType<typeof lookupRules>;

/** Test mode: the per-target counts of these national IDs, mobile numbers and film bags start again. */
export function forgetLookups(limits: RateLimiter, targets: { nationalIds: readonly string[]; phones: readonly string[]; bagCodes: readonly string[] }): void {
  for (const id of targets.nationalIds) limits.forget(LOOKUPS_PER_NATIONAL_ID, nationalIdKey(id));
  for (const phone of targets.phones) limits.forget(LOOKUPS_PER_PHONE, phoneKey(phone));
  for (const bag of targets.bagCodes) limits.forget(LOOKUPS_PER_BAG, accessionOfBagCode(bag));
}
