import { useCallback, useMemo, useState } from 'react';
import type { ApiClient } from '../api/client';
import { ENDPOINTS } from '../api/endpoints';
import { officialAccountTagSchema } from '../api/serviceSchemas';
import { useResource } from '../charts/useResource';
import { useClientState, useServices } from '../services';
import { useSessionStatus } from '../session/useSession';
import { safeStorage, type SafeStorage } from '../state/safeStorage';

/** When the patient last put the prompt away (ms since the epoch), in local storage. */
export const FOLLOW_DISMISSED_KEY = 'cf.followPrompt.dismissedAt';
/** A dismissed prompt stays away this long (issue 14: 7 days). */
export const FOLLOW_DISMISS_MS = 7 * 24 * 60 * 60 * 1000;

let local: SafeStorage | null = null;
const localStorageOnce = () => (local ??= safeStorage(() => window.localStorage));

/** Whether a dismissal at `dismissedAt` still holds at `now`. */
function stillDismissed(dismissedAt: string | null, now: number): boolean {
  const at = Number(dismissedAt);
  return dismissedAt !== null && Number.isFinite(at) && now >= at && now - at < FOLLOW_DISMISS_MS;
}

/**
 * Whether to ask about following the official account at all (issue 14): a signed-in patient, a
 * hospital whose setting switches the prompt on and has the account's QR code, not put away in the
 * last 7 days. Only then is the follow tag asked for.
 */
export function useFollowGate() {
  const status = useSessionStatus();
  const setting = useClientState((state) => state.hospitalSetting);
  const [dismissed, setDismissed] = useState(() => stillDismissed(localStorageOnce().get(FOLLOW_DISMISSED_KEY), Date.now()));
  const account = setting?.officialAccountQrUrl ? { name: setting.officialAccountName || setting.hospitalName, qrUrl: setting.officialAccountQrUrl } : null;
  const eligible = status === 'signedIn' && setting?.modules.officialAccountPrompt === true && account !== null && !dismissed;
  const dismiss = useCallback(() => {
    localStorageOnce().set(FOLLOW_DISMISSED_KEY, String(Date.now()));
    setDismissed(true);
  }, []);
  return { account: eligible ? account : null, dismiss };
}

const NO_REQUEST = {};

/** GET V1.0/WeChat/GetUserScribeGZHTag, in the background: a prompt is no reason to sign anyone in. */
const loadFollowTag = (api: ApiClient, signal: AbortSignal) => api.request(ENDPOINTS.wechat.GetUserScribeGZHTag, { schema: officialAccountTagSchema, signal, background: true });

/** Whether the patient does not follow the account: true only on the answer "not subscribed"; a failure shows nothing (the prompt is a nicety). */
export function useNotFollowing(): boolean {
  const { api } = useServices();
  const load = useCallback((_: object, signal: AbortSignal) => loadFollowTag(api, signal), [api]);
  const tag = useResource(load, NO_REQUEST, { quiet: true });
  return useMemo(() => tag.data?.subscribed === false, [tag.data]);
}
