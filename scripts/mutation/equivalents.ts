/**
 * Surviving mutants that no test can kill because nothing observable changes (equivalent
 * mutants), each with its reason. A survivor matches an entry by file, mutator, a piece of the
 * source line it starts on, and (when given) the replacement. docs/testing.md lists them with
 * these reasons; a survivor in machines/ that matches none fails `npm run test:mutation`.
 */
import { BUG_ONLY_TEXT, CHILD_ID_UNREAD, NO_OP_DEFAULTS, UNSHOWN_DEFAULT_ERROR, type Equivalent } from './equivalents/shared';
import { EQUIVALENTS as confirmedActionEquivalents } from './equivalents/confirmedAction';
import { EQUIVALENTS as filmDetailEquivalents } from './equivalents/filmDetail';
import { EQUIVALENTS as modifyEquivalents } from './equivalents/modify';
import { EQUIVALENTS as packageTaskEquivalents } from './equivalents/packageTask';
import { EQUIVALENTS as shareOpenEquivalents } from './equivalents/shareOpen';
import { EQUIVALENTS as shareEntryEquivalents } from './equivalents/shareEntry';
import { EQUIVALENTS as purchaseEquivalents } from './equivalents/purchase';
import { EQUIVALENTS as orderListEquivalents } from './equivalents/orderList';
import { EQUIVALENTS as aiStatusEquivalents } from './equivalents/aiStatus';
import { EQUIVALENTS as collectEquivalents } from './equivalents/collect';
import { EQUIVALENTS as consultationEquivalents } from './equivalents/consultation';
import { EQUIVALENTS as feedbackEquivalents } from './equivalents/feedback';
import { EQUIVALENTS as hospitalMapEquivalents } from './equivalents/hospitalMap';
import { EQUIVALENTS as linkTokenEquivalents } from './equivalents/linkToken';
import { EQUIVALENTS as scanEntryEquivalents } from './equivalents/scanEntry';
import { EQUIVALENTS as sessionGateEquivalents } from './equivalents/sessionGate';
import { EQUIVALENTS as clientEquivalents } from './equivalents/client';
import { EQUIVALENTS as cineEquivalents } from './equivalents/cine';
import { EQUIVALENTS as compareEquivalents } from './equivalents/compare';

export type { Equivalent };
const AI_ORDER = 'machines/aiOrder/aiOrder.machine.ts';
const PAYMENT = 'machines/payment/payment.machine.ts';
const SESSION = 'machines/session/session.machine.ts';
const SESSION_CHECK = 'machines/sessionCheck/sessionCheck.machine.ts';
const WECHAT_SDK = 'machines/wechatSdk/wechatSdk.machine.ts';
const VIEWER = 'machines/viewer/viewer.machine.ts';
const VIEWER_CONNECT = 'machines/viewer/viewer.connect.ts';
const VIEWER_TYPES = 'machines/viewer/viewer.types.ts';
const DATES = 'src/shared/rules/dates.ts';

const SHARE = 'machines/share/share.machine.ts';
const RESOURCE = 'machines/resource/resource.machine.ts';
const MONEY = 'src/shared/rules/money.ts';
const NATIONAL_ID = 'src/shared/rules/nationalId.ts';
const PERSON = 'src/shared/rules/person.ts';
const TEXT = 'src/shared/rules/text.ts';

/** Explanations kept in this file (the charts measured first) and, per chart, in equivalents/. */
export const EQUIVALENTS: readonly Equivalent[] = [
  ...confirmedActionEquivalents,
  ...filmDetailEquivalents,
  ...modifyEquivalents,
  ...packageTaskEquivalents,
  ...shareOpenEquivalents,
  ...shareEntryEquivalents,
  ...purchaseEquivalents,
  ...orderListEquivalents,
  ...aiStatusEquivalents,
  ...collectEquivalents,
  ...consultationEquivalents,
  ...feedbackEquivalents,
  ...hospitalMapEquivalents,
  ...linkTokenEquivalents,
  ...scanEntryEquivalents,
  ...sessionGateEquivalents,
  ...clientEquivalents,
  ...cineEquivalents,
  ...compareEquivalents,
  // machines/aiOrder
  { file: AI_ORDER, mutator: 'StringLiteral', line: "present(order, 'order', 'aiOrder')", reason: BUG_ONLY_TEXT },
  { file: AI_ORDER, mutator: 'StringLiteral', line: 'throw new Error(`aiOrder: expected a ${kind} result', reason: BUG_ONLY_TEXT },
  {
    file: AI_ORDER,
    mutator: 'ConditionalExpression',
    line: 'if (lookup.kind !== kind) throw',
    replacement: 'false',
    reason: '`found` is only called in the branch whose guard recognised that kind, so the check never fires in a correct chart; without it nothing changes.',
  },
  {
    file: AI_ORDER,
    mutator: 'ObjectLiteral',
    line: 'context: { order: null },',
    reason: "`idle`'s entry (`forgetOrder`) sets `order: null` before anyone can look, so the initial context is the same either way.",
  },
  // machines/payment
  { file: PAYMENT, mutator: 'StringLiteral', line: "present(value, what, 'payment')", reason: BUG_ONLY_TEXT },
  { file: PAYMENT, mutator: 'StringLiteral', line: 'need(context.', reason: BUG_ONLY_TEXT },
  { file: PAYMENT, mutator: 'StringLiteral', line: "throw new Error('payment: in-app pay without in-app parameters')", reason: BUG_ONLY_TEXT },
  {
    file: PAYMENT,
    mutator: 'ConditionalExpression',
    line: 'if (params.way !== PAY_WAY.inApp) throw',
    replacement: 'false',
    reason: '`payingInApp` is entered only through the `isInApp` guard, so the parameters are always in-app ones and the check never fires in a correct chart.',
  },
  {
    file: PAYMENT,
    mutator: 'StringLiteral',
    line: "payInApp: fromPromise<ClientOutcome, InAppPayParams>(() => Promise.reject(new Error('payment: no payInApp')))",
    reason: 'a failed WeChat pay call counts as the payer saying "fail" and its error is not reported, so the text of the default\'s error shows nowhere.',
  },
  {
    file: PAYMENT,
    mutator: 'ArrowFunction',
    line: "payInApp: fromPromise<ClientOutcome, InAppPayParams>(() => Promise.reject(new Error('payment: no payInApp')))",
    reason: 'an app that provides no `payInApp` ends with "payment failed" either way: the default\'s error counts as the payer saying "fail", and an empty answer is neither "ok" nor "cancel", which the chart also treats as failed.',
  },
  {
    file: PAYMENT,
    mutator: 'StringLiteral',
    line: "queryPayResult: fromPromise<number, Purchase>(() => Promise.reject(new Error('payment: no queryPayResult')))",
    reason: 'a failed pay-result query is not reported (the patient is asked to check again), so the text of the default\'s error shows nowhere.',
  },
  {
    file: PAYMENT,
    mutator: 'StringLiteral',
    line: "prepareWechatPay: fromPromise<void>(() => Promise.reject(new Error('payment: no prepareWechatPay')))",
    reason: 'WeChat pay that cannot be made ready is said as "WeChat pay is not ready" with "try again", which does not carry the error, and the failure is not reported, so the text of the default\'s error shows nowhere (`tests/machines/payment.edges.test.ts`: an app that forgot to provide prepareWechatPay).',
  },
  { file: PAYMENT, mutator: 'ObjectLiteral', line: 'actions: {', original: 'openH5Page: (_, _params', reason: NO_OP_DEFAULTS },
  {
    file: PAYMENT,
    mutator: 'ObjectLiteral',
    line: 'context: { purchase: null, payWay: null, returnUrl: null, ...fresh },',
    reason: 'every way out of `idle` (PAY, RESUME_H5) assigns every field, and in `idle` nothing reads the context (the audit treats a missing purchase as none).',
  },
  // machines/session
  ...['restoreSession', 'renewSilently', 'signOut'].map((name) => ({
    file: SESSION,
    mutator: 'StringLiteral',
    line: `(notProvided('${name}'))`,
    reason: UNSHOWN_DEFAULT_ERROR,
  })),
  {
    file: SESSION,
    mutator: 'ArrowFunction',
    line: 'watchOtherTabs: fromCallback<SessionEvent>(() => () => {}),',
    reason: 'the default listener hears nothing and has nothing to clean up; without its clean-up function nothing changes. The app provides the real one.',
  },
  {
    file: SESSION,
    mutator: 'ConditionalExpression',
    line: "adoptUser: assign({ user: ({ event }) => (event.type === 'USER_UPDATED' ? event.user : null) }),",
    replacement: 'true',
    reason: '`adoptUser` runs on USER_UPDATED only, so the event is always USER_UPDATED there; the test only narrows the type.',
  },
  {
    file: SESSION,
    mutator: 'ConditionalExpression',
    line: "event.output.kind === 'user' ? event.output.user : null",
    replacement: 'true',
    reason: 'the assignment sits in the branch whose guard (`restoredUser`) recognised a user, so the kind is always `user` there; the test only narrows the type.',
  },
  {
    file: SESSION,
    mutator: 'ConditionalExpression',
    line: "event.output.kind === 'signedIn' ? event.output.user : null",
    replacement: 'true',
    reason: 'the assignment sits in the branch whose guard (`callbackSignedIn`) recognised a sign-in, so the kind is always `signedIn` there; the test only narrows the type.',
  },
  { file: SESSION, mutator: 'StringLiteral', line: "invoke: { id: 'otherTabs', src: 'watchOtherTabs' },", original: 'otherTabs', reason: CHILD_ID_UNREAD },
  { file: SESSION, mutator: 'StringLiteral', line: "invoke: { id: 'sessionCheck', src: 'sessionCheck' },", original: "'sessionCheck'", reason: CHILD_ID_UNREAD },
  // machines/sessionCheck
  {
    file: SESSION_CHECK,
    mutator: 'StringLiteral',
    line: "checkSession: fromPromise<SessionCheck>(() => Promise.reject(new Error('sessionCheck: no checkSession actor provided'))),",
    reason: 'a check that could not be made concludes nothing and is not reported, so the text of the default\'s error shows nowhere.',
  },
  {
    file: SESSION_CHECK,
    mutator: 'ArrowFunction',
    line: "checkSession: fromPromise<SessionCheck>(() => Promise.reject(new Error('sessionCheck: no checkSession actor provided'))),",
    reason: 'an app that provides no `checkSession` never signs anyone out by it either way: the default\'s error concludes nothing, and an empty answer is not "ended".',
  },
  { file: SESSION_CHECK, mutator: 'ObjectLiteral', line: 'actions: {', original: 'reportEnded: () => {}', reason: NO_OP_DEFAULTS },
  // machines/wechatSdk
  { file: WECHAT_SDK, mutator: 'StringLiteral', line: "present(value, what, 'wechatSdk')", reason: BUG_ONLY_TEXT },
  { file: WECHAT_SDK, mutator: 'StringLiteral', line: 'need(context.', reason: BUG_ONLY_TEXT },
  {
    file: WECHAT_SDK,
    mutator: 'StringLiteral',
    line: "Promise.reject(new Error('wechatSdk: no ",
    reason: 'a failed signature or wx.config call shows the "registration failed" alert, which does not carry the error, so the text of the default\'s error shows nowhere.',
  },
  { file: WECHAT_SDK, mutator: 'ObjectLiteral', line: 'actions: {', original: 'alertRegistrationFailed: () => {}', reason: NO_OP_DEFAULTS },
  {
    file: WECHAT_SDK,
    mutator: 'ConditionalExpression',
    line: "inWeChat: ({ event }) => event.type === 'START' && event.inWeChat,",
    replacement: 'true',
    reason: 'the guard is used on START only, so the event is always START there; the test only narrows the type.',
  },
  // machines/viewer
  { file: VIEWER, mutator: 'StringLiteral', line: "present(context.study, 'study', 'viewer')", reason: BUG_ONLY_TEXT },
  { file: VIEWER, mutator: 'StringLiteral', line: "present(context.params, 'link', 'viewer')", reason: BUG_ONLY_TEXT },
  { file: VIEWER, mutator: 'StringLiteral', line: "present(context.archive, 'archive', 'viewer')", reason: BUG_ONLY_TEXT },
  {
    file: VIEWER,
    mutator: 'ConditionalExpression',
    line: "if (frameTimeMs !== null) enqueue.sendTo('cine'",
    replacement: 'true',
    reason:
      "an image whose file gives no frame time would send the cine player a FRAME_TIME of null, which the player takes only when it is a time (0 < ms <= 60 000, `isFrameTime`), so it is ignored exactly as when it is not sent: the clip keeps the default or the time another frame gave (tests/machines/viewerCine.edges.test.ts: an ultrasound file without a rate plays at the default).",
  },
  {
    file: VIEWER,
    mutator: 'BooleanLiteral',
    line: 'reducedMotion: context.reducedMotion ?? false',
    reason:
      "a default the app always overrides: the viewer screen always gives `reducedMotion` (src/features/viewer/useViewer.ts reads the patient's prefers-reduced-motion setting, false where it cannot be read), so the cine player never starts from this default; tests/machines/viewerCine.edges.test.ts checks both settings.",
  },
  {
    file: VIEWER,
    mutator: 'ArrayDeclaration',
    line: 'places: [], findingIndex: 0,',
    reason:
      "the findings' places before a study is shown are never read: the view names a finding only while a study is shown, the finding events are taken only in `viewing`, and the study's answer sets the places on the way in (tests/machines/viewer.edges.test.ts: no finding without findings).",
  },
  {
    file: VIEWER_CONNECT,
    mutator: 'OptionalChaining',
    line: 'image?.status',
    reason: 'while a study is shown the image on screen always has a state (the schedule asks for it the moment it is on screen, and never drops or stops it), so `image` is never undefined where its status is read.',
  },
  {
    file: VIEWER_TYPES,
    mutator: 'StringLiteral',
    line: "const studyUid = query.studyuid?.trim() ?? '';",
    reason: 'a missing study UID fails the DICOM UID pattern whatever text stands in for it.',
  },
  // machines/share
  { file: SHARE, mutator: 'StringLiteral', line: "present(context.share, 'share', 'share')", reason: BUG_ONLY_TEXT },
  {
    file: SHARE,
    mutator: 'StringLiteral',
    line: 'share: no ${name} actor provided',
    reason: 'a share that could not be made is said as "no answer" and a card that could not be prepared as "failed"; neither carries the error, so the text of the default\'s error shows nowhere.',
  },
  {
    file: SHARE,
    mutator: 'ArrowFunction',
    line: 'const unprovided = (name: string) =>',
    reason: 'an app that provides no createShare or prepareCard gets "no answer" (or a failed card) either way: the default\'s error is a failure, and an empty answer is not `ok`, which the chart treats as a refusal the view says the same way.',
  },
  {
    file: SHARE,
    mutator: 'StringLiteral',
    line: "unprovided('",
    reason: 'the name only goes into the text of the default\'s error, which shows nowhere (above).',
  },
  {
    file: SHARE,
    mutator: 'ArrayDeclaration',
    line: "tags: ['busy'],",
    reason: "nothing reads the share chart's `busy` tag: its view says it is creating by the state (`isCreating`), and no screen asks the tag.",
  },
  {
    file: SHARE,
    mutator: 'StringLiteral',
    line: "tags: ['busy'],",
    reason: "nothing reads the share chart's `busy` tag: its view says it is creating by the state (`isCreating`), and no screen asks the tag.",
  },
  // machines/resource
  {
    file: RESOURCE,
    mutator: 'StringLiteral',
    line: "Promise.reject(new Error('resource: no load actor provided'))",
    reason: 'a failed load goes to the error catalogue, which does not show the text of an error that is not an API failure (it is a network error there), so the text of the default\'s error shows nowhere.',
  },
  {
    file: RESOURCE,
    mutator: 'ArrowFunction',
    line: "Promise.reject(new Error('resource: no load actor provided'))",
    reason: 'an app that provides no `load` is a programming slip the view tests catch; with the default, the screen shows a failure, with an empty answer it shows nothing at all, both of them without data. Every app screen provides `load`.',
  },
  // src/shared/rules
  {
    file: DATES,
    mutator: 'MethodExpression',
    line: "const written = typeof input === 'string' ? input.trim() : null;",
    reason:
      "not equivalent, but not observable where Stryker runs: a wall time written with spaces round it reads wrong only on a phone whose zone is not the hospital's, and Stryker's worker threads cannot change the process's zone (TZ). `tests/rules/clock.test.ts` kills it in the unit run, where each phone zone is set.",
  },
  {
    file: 'src/shared/rules/telephone.ts',
    mutator: 'Regex',
    line: "const digits = dial.replace(/^\\+/, '').length;",
    reason: 'the pattern above lets a + stand only first, so taking off the first + anywhere takes off the same one.',
  },
  {
    file: 'src/shared/rules/aiFit.ts',
    mutator: 'MethodExpression',
    line: 'const normal = (value: string) => value.trim().toUpperCase();',
    reason: 'both sides of every comparison go through `normal`, so lower case instead of upper case matches exactly the same modalities and body parts.',
  },
  {
    file: DATES,
    mutator: 'Regex',
    line: 'const HAS_OFFSET = /(?:Z|[+-]\\d{2}:?\\d{2})$/i;',
    replacement: '/(?:Z|[+-]\\d{2}:?\\d{2})/i',
    reason: 'in the times the server writes (a date, a date and time, ISO with or without an offset) a sign followed by four digits occurs only as the offset at the end, so the anchor changes no answer.',
  },
  {
    file: DATES,
    mutator: 'ConditionalExpression',
    line: 'if (input === null || input === undefined) return null;',
    replacement: 'false',
    reason: 'without the `null` test, `dayjs(null)` is an invalid date, which the next line turns into `null` as well. The `undefined` test is the one that matters (`dayjs(undefined)` is now).',
  },
  {
    file: DATES,
    mutator: 'ConditionalExpression',
    line: 'if (!Number.isFinite(timestampMs) || !Number.isFinite(now)) return false;',
    replacement: 'false',
    reason: 'the early return is a shortcut: with NaN or ±Infinity in either argument the elapsed time is NaN or infinite, and `elapsed >= 0 && elapsed < ONE_DAY_MS` is false anyway.',
  },
  {
    file: DATES,
    mutator: 'LogicalOperator',
    line: 'if (!Number.isFinite(timestampMs) || !Number.isFinite(now)) return false;',
    reason: 'the early return is a shortcut: the window test after it already answers false when either argument is NaN or ±Infinity.',
  },
  {
    file: MONEY,
    mutator: 'EqualityOperator',
    line: "const sign = amount < 0 && cents > 0 ? '-' : '';",
    reason: 'at `amount = 0` the cents are 0, so `cents > 0` keeps the sign off either way.',
  },
  {
    file: MONEY,
    mutator: 'ConditionalExpression',
    line: "return typeof charge === 'number' && charge > 0;",
    replacement: 'true',
    reason: 'for the values the type admits, `null > 0` and `undefined > 0` are false, so the `typeof` test changes no answer.',
  },
  {
    file: NATIONAL_ID,
    mutator: 'StringLiteral',
    line: "return NATIONAL_ID_CHECK_CHARACTERS[sum % 11] ?? '';",
    reason: 'unreachable: `sum % 11` is always 0–10, an index the 11-character table has. The fallback is there for `noUncheckedIndexedAccess`.',
  },
  {
    file: NATIONAL_ID,
    mutator: 'ConditionalExpression',
    line: 'if (value.length !== NATIONAL_ID_LENGTH) return false;',
    replacement: 'false',
    reason: 'the length test is a shortcut: a shorter value fails the 17-digit test, and a longer one has more than one character after the 17th, which never equals the single check character.',
  },
  {
    file: PERSON,
    mutator: 'StringLiteral',
    line: "const key = (code ?? '').trim().toUpperCase();",
    reason: 'any other fallback text than `M` or `F` gives the same `unknown`.',
  },
  {
    file: TEXT,
    mutator: 'StringLiteral',
    line: "let text = value.replace(EMOJI_TAGS, '\\u{1F3F4}').replace(EMOJI_JOINER, '$1');",
    reason:
      'what stands in for an emoji sequence once its invisible joiners are taken out never breaks the rule: a pictograph, or nothing. It would only matter to a variation selector or a joiner right after the sequence, which no emoji has.',
  },
];
