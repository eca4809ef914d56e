import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { connectCollect } from '../../../machines/collect/collect.connect';
import { collectMachine } from '../../../machines/collect/collect.machine';
import {
  emptyDraft,
  type BagLike,
  type CaptchaLike,
  type CodeSentLike,
  type LookupRequest,
  type Outcome,
  type VerifiedLike,
  type CollectDraft,
  type CollectInput,
  type ReadBagRequest,
  type ResendCodeRequest,
  type VerifyRequest,
} from '../../../machines/collect/collect.types';
import type { BagHint, Verified } from '../../shared/api/collectSchemas';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { ROUTE } from '../../shared/navigation/routes';
import { filmDetailHref } from '../../shared/navigation/navigation';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useServices } from '../../shared/services';
import { DRAFT_PREFIX } from '../../shared/state/drafts';
import type { SafeStorage } from '../../shared/state/safeStorage';
import { useToast } from '../../shared/views/Toast';
import { addFamilyMember, checkIdentity, loadCaptcha, notifyCollected, readBag, resendCode, sendCode, verifyCode } from './collectCalls';
import type { FamilyRelation } from '../../shared/api/familySchemas';
import { FAMILY_SECTION_HREF } from '../../shared/navigation/familyLinks';

/**
 * Who is collecting: someone not signed in (newCheck, verification), a signed-in patient adding a
 * study (addFilm), or one adding a family member with the same proof (addFilm?family=, issue 27 §2).
 */
export type CollectMode = 'guest' | 'addFilm' | 'family';

const draftKey = (mode: CollectMode) => `${DRAFT_PREFIX}collect.${mode}`;

/** The draft kept across reloads, a 401 and the move between the two pages; a bag code in the address wins. */
function readDraft(storage: SafeStorage, mode: CollectMode, bagCode: string | null): CollectDraft {
  let draft = emptyDraft(bagCode);
  try {
    const saved = JSON.parse(storage.get(draftKey(mode)) ?? 'null') as CollectDraft | null;
    if (saved && typeof saved === 'object' && saved.fields) draft = { ...draft, ...saved, fields: { ...draft.fields, ...saved.fields } };
  } catch {
    // A draft that cannot be read is no draft.
  }
  return bagCode && bagCode !== draft.bagCode ? { ...emptyDraft(bagCode), method: draft.method, fields: draft.fields } : draft;
}

/**
 * The collect chart with the app's calls. What the patient typed (and the code sent) is saved as
 * a draft on every change, so a reload, a 401 or the step from newCheck to verification loses nothing.
 */
export function useCollect(options: { mode: CollectMode; step: CollectInput['step']; bagCode: string | null; relation?: FamilyRelation }) {
  const { api, sessionStorage, passes } = useServices();
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useI18n();
  const { mode, relation } = options;
  const machine = useMemo(
    () =>
      collectMachine.provide({
        actors: {
          readBag: fromPromise<Outcome<BagLike>, ReadBagRequest>(({ input, signal }) => readBag(api, input, signal)),
          loadCaptcha: fromPromise<Outcome<CaptchaLike>>(({ signal }) => loadCaptcha(api, signal)),
          checkIdentity: fromPromise<Outcome<unknown>, LookupRequest>(({ input, signal }) => checkIdentity(api, input, signal)),
          sendCode: fromPromise<Outcome<CodeSentLike>, LookupRequest>(({ input, signal }) => sendCode(api, input, signal)),
          resendCode: fromPromise<Outcome<CodeSentLike>, ResendCodeRequest>(({ input, signal }) => resendCode(api, input, signal)),
          verifyCode: fromPromise<Outcome<VerifiedLike>, VerifyRequest>(({ input, signal }) =>
            mode === 'family' ? addFamilyMember(api, { ...input, relation: relation ?? 'other' }, signal) : verifyCode(api, input, signal),
          ),
        },
        actions: {
          storePass: (_, verified) => {
            const { pass, passExpiresAt } = verified as Verified;
            if (mode === 'guest') passes.keep({ token: pass, scope: 'collect', studyIds: null, expiresAt: passExpiresAt });
          },
          notifyCollected: (_, verified) => {
            if (verified.focusStudyId) notifyCollected(api, [verified.focusStudyId]);
          },
          showStep: (_, { step }) => {
            // The guest's two steps are two pages: the step now shown picks the page.
            if (mode !== 'guest' || step === options.step) return;
            if (step === 'verify') void navigate(ROUTE.verification.path);
            else void navigate(ROUTE.newCheck.path, { replace: true });
          },
          finish: (_, verified) => {
            sessionStorage.remove(draftKey(mode));
            if (mode === 'family') {
              toast(t('family.added'));
              void navigate(FAMILY_SECTION_HREF, { replace: true });
              return;
            }
            if (mode === 'addFilm') {
              toast(verified.collected > 0 ? t('collect.added', { count: verified.collected }) : t('collect.alreadyAdded'));
              void navigate(verified.focusStudyId ? filmDetailHref(verified.focusStudyId) : ROUTE.myImageList.path, { replace: true });
              return;
            }
            const focus = verified.focusStudyId ? `?${new URLSearchParams({ focus: verified.focusStudyId }).toString()}` : '';
            void navigate(`${ROUTE.checking.path}${focus}`, { replace: true });
          },
        },
      }),
    [api, mode, relation, options.step, navigate, passes, sessionStorage, t, toast],
  );
  const input = useMemo(() => ({ step: options.step, draft: readDraft(sessionStorage, mode, options.bagCode) }), [options.step, options.bagCode, mode, sessionStorage]);
  const [snapshot, send, actor] = useAppMachine(machine, { input });
  // Saved as the chart moves, not as its view renders: the code sent is in the draft before the
  // verification page (which the same step opens) reads it, however late this page renders.
  useEffect(() => {
    const save = (current: typeof snapshot) => {
      if (current.matches('verified')) return;
      const { method, fields, bagCode, bag, sent, code } = current.context;
      sessionStorage.set(draftKey(mode), JSON.stringify({ method, fields: { ...fields, captchaText: '' }, bagCode, bag, sent, code } satisfies CollectDraft));
    };
    save(actor.getSnapshot());
    return actor.subscribe(save).unsubscribe;
  }, [actor, mode, sessionStorage]);
  return useMemo(() => {
    const view = connectCollect(snapshot, send);
    // The chart keeps what its calls answered: here, the bag hint of collectSchemas.ts.
    return { ...view, bag: view.bag as BagHint | null };
  }, [snapshot, send]);
}
