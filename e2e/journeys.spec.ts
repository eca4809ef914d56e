import type { Page, TestInfo } from '@playwright/test';
import { DEMO_PATIENTS, FAMILY_JOURNEY, JOURNEY_VISITORS, REPORT_WAITERS, SHARE_OWNERS, SMS_SIGNERS } from '../server/demoData';
import { demoNationalId, demoStudyRecords } from '../server/seed';
import { clipboardText } from '../src/features/shares/shareCard';
import { loadCatalogue } from '../src/shared/i18n/catalogues';
import { LOCALES } from '../src/shared/i18n/locale';
import { createTranslate, type Translate } from '../src/shared/i18n/translate';
import { atPackageChoice, collectBySms, expect, expectViewerDrawn, openAddress, openWithWrongCodeFirst, PatientApp, PROVIDER_ORIGIN, test } from './fixtures';
import { lookAsPatient, lookAtLayout } from './patientEyes';
import { WECHAT_UA } from '../playwright.config';

/**
 * The nine patient journeys of issue 24, each walked as a patient would in Chinese and in English
 * on the narrowest phone (320 px). At every step the screen is looked at as the patient sees it
 * (e2e/patientEyes.ts: nothing cut off or spilling, no raw message key, no Chinese in English but
 * names and a doctor's words; a screenshot of each step is attached to the test), and each step
 * checks the faults the issue found on that journey. Payments themselves are walked in
 * storage.spec.ts and aiApply.spec.ts (every pay outcome is the payment chart's oracle table): these
 * journeys go as far as the confirmation, so they can run in both languages without buying twice.
 */

const LANGUAGES = ['zh-CN', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 640 } });
// Sign-in and several screens, each looked at (a full-page screenshot), on a two-core machine.
test.describe.configure({ timeout: 120_000 });
test.beforeEach(() => test.skip(test.info().project.name !== 'phone', 'one phone is enough: the WeChat paths have their own tests'));

/** patient1's studies by date (ids grow in the order the sandbox seeds them). */
const studyOf = (login: string, date: string) => String(demoStudyRecords().findIndex((one) => one.patient.loginName === login && one.study.date === date) + 1);
const NEWEST = studyOf('patient1', '2026-11-18');
/** A radiograph: one image, so its package is made in a moment. */
const RADIOGRAPH = studyOf('patient1', '2026-10-27');
/** The chest CT whose lung nodule analysis found one nodule (drawn on several slices). */
const WITH_AI = studyOf('patient1', '2026-02-09');

const addressOf = (login: string) => `${login}@example.com`;

/** One walk: the patient's page, in one language, and everything wrong seen on the way. */
class Walk {
  readonly app: PatientApp;
  readonly t: Translate;
  private readonly problems: string[] = [];

  constructor(
    readonly page: Page,
    private readonly testInfo: TestInfo,
    readonly language: Language,
  ) {
    this.app = new PatientApp(page);
    this.t = createTranslate(language);
  }

  /** Opens an address in this walk's language (a page load, as a link from outside would). */
  async open(path: string) {
    await openAddress(this.page, `${path}${path.includes('?') ? '&' : '?'}lang=${this.language}`);
  }

  /** Signed in before, on Home in this walk's language (journey 1 signs in at the provider's pages). */
  async signIn(login = 'patient1') {
    await this.app.signIn(login, `/Home?lang=${this.language}`);
  }

  /**
   * How the hospital tells this patient (issue 27 §4, §5): the Chinese walk follows the official
   * account, the English one gives an e-mail address instead.
   */
  async asksToBeTold(login: string) {
    if (this.language === 'zh-CN') {
      expect((await this.page.request.post(`/sandbox/test/follow?login=${login}&subscribed=true`)).ok()).toBe(true);
      return;
    }
    await this.open('/modify');
    await this.page.getByTestId('modify-email').fill(addressOf(login));
    await this.page.getByTestId('modify-email-save').click();
    await expect(this.page.getByTestId('modify-email')).toHaveValue(addressOf(login));
  }

  /** The link in the newest message the patient was told by ('' before any): the official account's, or the first in the e-mail matching `inMail`. */
  async toldLink(login: string, inMail: RegExp): Promise<string> {
    const { request } = this.page;
    if (this.language === 'zh-CN') return ((await (await request.get(`/sandbox/test/official-account-messages?login=${login}`)).json()).messages[0]?.link as string | undefined) ?? '';
    const mail = (await (await request.get(`/sandbox/test/outbox?to=${addressOf(login)}`)).json()).messages[0]?.body as string | undefined;
    return inMail.exec(mail ?? '')?.[0] ?? '';
  }

  /** Looks at the screen as the patient; what is wrong is said at the end, all of it. */
  async look(step: string) {
    this.problems.push(...(await lookAsPatient(this.page, this.testInfo, this.language, `${this.language} ${step}`)));
  }

  /** Looks at a page of the identity provider, in both languages at once: its layout, and a screenshot. */
  async lookAtProvider(step: string) {
    this.problems.push(...(await lookAtLayout(this.page, this.testInfo, `${this.language} ${step}`)));
  }

  done() {
    expect(this.problems, `what the patient saw wrong:\n${this.problems.join('\n')}`).toEqual([]);
  }
}

// The app fetches a language's strings before it renders in it; the walks read both.
test.beforeAll(async () => {
  await Promise.all(LOCALES.map(loadCatalogue));
});

function journey(name: string, walk: (walk: Walk) => Promise<void>) {
  for (const language of LANGUAGES) {
    test(`${name} [${language}]`, async ({ page }, testInfo) => {
      const one = new Walk(page, testInfo, language);
      await walk(one);
      one.done();
    });
  }
}

journey('1. signing in and reading a study', async (walk) => {
  const { page, app, t } = walk;
  // Cancelling at the provider is calm and in the patient's language, and signing in again goes on.
  await walk.open('/personal');
  await app.cancelSignIn();
  await expect(page.getByTestId('sign-in-cancelled')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/网络|network|aborted|access_denied/i);
  await walk.look('sign-in cancelled');
  await page.getByTestId('sign-in-again').click();
  await app.completeSignIn('patient1');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/personal');
  await walk.open('/myStudyList');
  await expect(page.getByTestId('study-link').first()).toBeVisible();
  await walk.look('my studies');
  // The AI link counts findings (one nodule), not the boxes drawn on its slices.
  await walk.open(`/index?id=${WITH_AI}`);
  const aiLink = page.getByTestId('film-ai-viewer');
  await expect(aiLink).toHaveText(t('film.aiOnImages', { count: 1 }));
  await expect(page.getByTestId('film-report')).toBeVisible();
  await walk.look('film detail with an AI finding');
  // The official printed report, full screen, and saved to the phone as a picture file.
  await page.getByTestId('report-printed').click();
  const printed = page.getByTestId('report-printed-view');
  await expect(printed.locator('img').first()).toBeVisible();
  await walk.look('printed report');
  const [saved] = await Promise.all([page.waitForEvent('download'), printed.getByTestId('zoom-save').click()]);
  expect(saved.suggestedFilename()).toMatch(/\.(png|jpe?g)$/i);
  await printed.getByTestId('zoom-close').click();
  await aiLink.click();
  await expectViewerDrawn(page);
  // The viewer lands on the finding and says what and where it is.
  await expect(page.getByTestId('viewer-finding-text')).toContainText(/\d/);
  await expect(page.getByTestId('viewer-finding-go')).toBeVisible();
  await walk.look('viewer with the AI finding');
});

journey('2. collecting my images without an account', async (walk) => {
  const { page, app } = walk;
  await walk.open('/index');
  const entry = page.getByTestId('hub-visitor-entry');
  await expect(entry).toBeVisible();
  await expect(page.getByTestId('hub-visitor-entry-sign-in')).toBeVisible();
  await walk.look('home, not signed in');
  await page.getByTestId('hub-visitor-entry-collect').click();
  await expect.poll(() => app.path()).toBe('/newCheck');
  // The image code is drawn large enough to read (160 x 60, shown larger still).
  const image = page.getByTestId('collect-captcha-image');
  await expect(image).not.toHaveAttribute('data-captcha-id', '');
  expect((await image.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await walk.look('collect form');
  const patient = DEMO_PATIENTS.find((one) => one.loginName === JOURNEY_VISITORS[walk.language])!;
  await collectBySms(page, { nationalId: demoNationalId(patient), phone: patient.phone });
  // The checking page: the studies found, and the way to keep them in an account.
  await expect(page.getByTestId('checking-sign-in')).toBeVisible();
  await walk.look('studies found');
  await page.getByTestId('checking-list').click();
  await expect(page.getByTestId('check-list')).toBeVisible();
  await walk.look('collected studies');
});

journey('3. downloading a study', async (walk) => {
  const { page } = walk;
  await walk.signIn();
  await walk.open(`/index?id=${RADIOGRAPH}`);
  await page.getByTestId('film-download').click();
  await atPackageChoice(page);
  await walk.look('download: choose a format');
  await page.getByTestId('package-format-jpeg').click();
  await page.getByTestId('package-request').click();
  await expect(page.getByTestId('package-progress').or(page.getByTestId('package-ready'))).toBeVisible();
  await expect(page.getByTestId('package-ready')).toBeVisible({ timeout: 30_000 });
  await walk.look('download: package ready');
});

journey('4. sharing a study', async (walk) => {
  const { page, t } = walk;
  await walk.signIn();
  await walk.open(`/shareList?id=${NEWEST}`);
  await page.getByTestId('share-days-1').click();
  await page.getByTestId('share-create').click();
  const url = (await page.getByTestId('share-url').textContent())!.trim();
  const accessCode = (await page.getByTestId('share-access-code').textContent())!.replace(/\D/g, '');
  // The advice beside the copy button says what to do with what it copies.
  await expect(page.getByTestId('share-copy-hint')).toHaveText(t('share.copyHint'));
  await walk.look('share created');

  // The recipient pastes what the copy button copies, inside a WeChat message: it opens at once.
  const recipient = await page.context().browser()!.newContext({ viewport: { width: WIDTH, height: 640 } });
  const other = await recipient.newPage();
  await other.goto(`/shareCode?lang=${walk.language}`);
  await other.getByTestId('share-code-input').fill(`你好，这是我的片子：${clipboardText({ url, accessCode }, t)} 谢谢`);
  await other.getByTestId('share-code-go').click();
  await expect(other.getByTestId('film-detail')).toBeVisible();
  await expect(other.getByTestId('film-shared-note')).toBeVisible();
  await recipient.close();

  // Revoked: nothing of its link, codes or QR stays on the owner's screen.
  const row = page.locator(`[data-testid="share-row"][data-code="${new URL(url).searchParams.get('code')}"]`);
  await row.getByTestId('share-revoke').click();
  await walk.look('revoke: confirm');
  await page.getByTestId('revoke-dialog').getByRole('button', { name: t('share.revokeYes'), exact: true }).click();
  await expect(page.getByTestId('share-revoked')).toBeVisible();
  await expect(page.getByTestId('share-url')).toHaveCount(0);
  await expect(page.getByTestId('share-qr')).toHaveCount(0);
  await expect(row.getByTestId('share-codes')).toHaveCount(0);
  await walk.look('share revoked');
});

journey('5. buying storage', async (walk) => {
  const { page } = walk;
  await walk.signIn();
  await walk.open('/imageStore');
  // The whole card is the link to the study's plans.
  const card = page.getByTestId('storage-study-link').first();
  await expect(card).toBeVisible();
  await walk.look('storage: every study');
  await card.click();
  await expect(page).toHaveURL(/\/imageStore\?id=/);
  // No plan is chosen for the patient, so nothing can be bought by one tap.
  await expect(page.getByTestId('storage-choose-first')).toBeVisible();
  await expect(page.getByTestId('storage-buy')).toHaveCount(0);
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await walk.look('storage: plans of a study');
  await page.getByRole('radio').first().click();
  await page.getByTestId('storage-buy').click();
  await expect(page.getByTestId('storage-confirm')).toBeVisible();
  await walk.look('storage: confirm the plan and amount');
  // Not now: nothing is bought (storage.spec.ts pays).
  await page.getByTestId('storage-confirm').getByRole('button', { name: walk.t('storage.confirmNo'), exact: true }).click();
  await expect(page.getByTestId('storage-confirm')).toHaveCount(0);
});

journey('6. applying for AI analysis', async (walk) => {
  const { page } = walk;
  await walk.signIn();
  // A chest CT is offered what fits a chest CT, and nothing that costs money is chosen for the patient.
  await walk.open(`/aiApply?id=${NEWEST}`);
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expect(page.getByTestId('ai-channel-stroke')).toHaveCount(0);
  await expect(page.getByTestId('ai-channel-liverLesion')).toHaveCount(0);
  await expect(page.locator('[role="radio"][aria-checked="true"]')).toHaveCount(0);
  await walk.look('AI: the analyses that fit');
  await page.getByRole('radio').first().click();
  await page.getByTestId('ai-apply-submit').click();
  await expect(page.getByTestId('ai-apply-confirm')).toBeVisible();
  await walk.look('AI: confirm the analysis and amount');
});

journey('7. the AI order list', async (walk) => {
  const { page, t } = walk;
  await walk.signIn();
  await walk.open('/aiOrder');
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await walk.look('AI orders');
  // An order waiting for payment: no "amount paid"; its cancel names the order and the amount.
  await page.getByTestId('tab-toBePaid').click();
  const unpaid = page.getByTestId('order-card').first();
  await expect(unpaid).toHaveAttribute('data-status', '2');
  await expect(unpaid).not.toContainText(t('aiOrder.paid'));
  const orderId = (await unpaid.getAttribute('data-order-id'))!;
  await unpaid.getByTestId('action-cancelOrder').click();
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog).toContainText(orderId);
  await expect(dialog).toContainText('¥');
  // The safe answer has the focus, not the destructive one.
  await expect(dialog.getByRole('button', { name: t('aiOrder.thinkAgain') })).toBeFocused();
  await walk.look('AI orders: cancel?');
  await dialog.getByRole('button', { name: t('aiOrder.thinkAgain') }).click();
  await expect(dialog).toHaveCount(0);
  // A paid order (being analysed) says what was paid.
  await page.getByTestId('tab-inProgress').click();
  await expect(page.locator('[data-testid="order-card"][data-status="1"]').first()).toContainText(t('aiOrder.paid'));
  await walk.look('AI orders: in progress');
});

journey('8. help and feedback', async (walk) => {
  const { page } = walk;
  await walk.open('/help');
  await expect(page.getByTestId('help-type').first()).toBeVisible();
  await walk.look('help');
  await page.getByTestId('help-question').first().click();
  await expect(page.getByTestId('help-article')).toBeVisible();
  // A visitor reading help finds both ways in there.
  await expect(page.getByTestId('help-visitor-entry-collect')).toBeVisible();
  await expect(page.getByTestId('help-visitor-entry-sign-in')).toBeVisible();
  await walk.look('help article, not signed in');
  await walk.signIn();
  await walk.open('/help?view=feedback');
  // The feedback box shows several lines.
  const box = page.getByTestId('feedback-content');
  await expect(box).toBeVisible();
  const lines = await box.evaluate((element) => element.clientHeight / parseFloat(getComputedStyle(element).lineHeight));
  expect(lines).toBeGreaterThanOrEqual(4);
  await walk.look('feedback');
  // The service number is a tap away beside the hours.
  await walk.open('/about');
  await expect(page.getByTestId('service-phone')).toHaveAttribute('href', /^tel:\+?[\d-]+$/);
  await walk.look('about, with the service number');
});

journey('9. the personal centre', async (walk) => {
  const { page } = walk;
  await walk.signIn();
  await walk.open('/personal');
  await expect(page.getByTestId('personal-text-large')).toBeVisible();
  await walk.look('personal centre');
  // Large text, remembered on the device.
  await page.getByTestId('personal-text-large').click();
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'large');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'large');
  await walk.look('personal centre, large text');
  await page.getByTestId('personal-text-standard').click();
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'standard');
  // An address with a dot before the @ is one people have: no problem is shown for it.
  await walk.open('/modify');
  const email = page.getByTestId('modify-email');
  await email.fill('zhang.wei+film@163.com');
  await email.blur();
  await expect(page.locator('[data-testid="modify-email-notice"][data-kind="invalid"]')).toHaveCount(0);
  await walk.look('change my details');
});

// Issue 27 §1: a report the patient understands, on the chest CT whose nodule the AI located.
journey('10. understanding my report', async (walk) => {
  const { page, t } = walk;
  await walk.signIn();
  await walk.open(`/index?id=${WITH_AI}`);
  const summary = page.getByTestId('report-plain');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText(t('report.plain.heading'));
  await expect(summary.getByTestId('report-plain-category')).toContainText('Lung-RADS 2');
  await walk.look('the report in plain words');
  // A word of the doctor's text, explained, with what to ask; Escape puts it away, back on the word.
  const word = page.getByTestId('report-impression').getByTestId('report-term').first();
  await word.click();
  const sheet = page.getByTestId('term-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(t('report.term.ask'));
  await expect(sheet.getByTestId('term-sheet-plain')).not.toBeEmpty();
  await walk.look('a word of the report explained');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(word).toBeFocused();
  // The item the AI located opens the viewer on its finding.
  await summary.getByTestId('report-plain-images').click();
  await expectViewerDrawn(page);
  expect(new URL(page.url()).searchParams.get('finding')).toBe('lung-nodule-1');
  await expect(page.getByTestId('viewer-finding')).toHaveAttribute('data-finding', '1');
  await expect(page.getByTestId('viewer-finding')).toHaveAttribute('data-on-screen', 'true');
  await walk.look('the viewer on the finding the report names');
});

// Issue 27 §5: the patient asks about a report the hospital has not sent, is told when it arrives
// (by the official account in the Chinese walk, which follows it; by e-mail in the English one),
// finds its card marked new, and reads it from the message.
journey('11. told when my report is ready', async (walk) => {
  const { page, t, language } = walk;
  const login = REPORT_WAITERS[language];
  await walk.signIn(login);
  await walk.asksToBeTold(login);
  // Asking: the film detail checks the report, which has not arrived.
  await walk.open('/myStudyList');
  const status = page.getByTestId('study-report-status').first();
  await expect(status).toHaveText(t('study.reportPending'));
  await page.getByTestId('study-link').first().click();
  await expect(page.getByTestId('film-report')).toHaveAttribute('data-report', 'notSynced');
  const id = new URL(page.url()).searchParams.get('id')!;
  await walk.look('a report not here yet');

  // The hospital sends it.
  expect((await page.request.post(`/sandbox/reports/sync?collectId=${id}`)).ok()).toBe(true);
  const link = await walk.toldLink(login, /https?:\/\/\S+#report/);
  expect(new URL(link).pathname + new URL(link).search + new URL(link).hash).toBe(`/index?id=${id}#report`);

  await walk.open('/myStudyList');
  await expect(status).toHaveText(t('study.reportNew'));
  await expect(status).toHaveAttribute('data-fresh', 'true');
  await walk.look('the card says the report is new');
  // The message opens the report; read, it is no longer new.
  await page.goto(`/index?id=${id}&lang=${language}#report`);
  await expect(page.getByTestId('film-report')).toHaveAttribute('data-report', 'written');
  await expect(page.getByTestId('report-findings')).toHaveText(/\S{10,}/);
  await walk.look('the report, from the message');
  await walk.open('/myStudyList');
  await expect(status).toHaveText(t('study.reportReady'));
  await expect(status).toHaveAttribute('data-fresh', 'false');
});

// Issue 27 §4: the owner shares a study; someone tries a wrong access code, then the right one;
// the owner is told (by the official account in the Chinese walk, which follows it; by e-mail in
// the English one), opens the share's log from the message, sees each try, stops the notices, and
// revokes the share from there; the link then opens nothing.
journey('12. who opened my share', async (walk) => {
  const { page, t, language } = walk;
  const login = SHARE_OWNERS[language];
  await walk.signIn(login);
  await walk.asksToBeTold(login);
  await walk.open('/myStudyList');
  await page.getByTestId('study-link').first().click();
  await page.getByTestId('film-share').click();
  await page.getByTestId('share-create').click();
  const url = new URL((await page.getByTestId('share-url').textContent())!.trim());
  const accessCode = (await page.getByTestId('share-access-code').textContent())!.replace(/\D/g, '');

  // Someone with the link, in WeChat: a wrong code, then the right one.
  const recipient = await page.context().browser()!.newContext({ viewport: { width: WIDTH, height: 640 }, userAgent: WECHAT_UA });
  const other = await recipient.newPage();
  await other.goto(`${url.pathname}${url.search}&lang=${language}`);
  await openWithWrongCodeFirst(other, accessCode);

  // The owner is told, and the message leads to the share's log.
  const messageLink = () => walk.toldLink(login, /https?:\/\/\S+shareList\S+/);
  await expect.poll(messageLink, { message: 'the owner is told' }).toMatch(/\/shareList\?share=\d+$/);
  const link = await messageLink();
  const target = new URL(link);
  await walk.open(`${target.pathname}${target.search}`);
  const log = page.getByTestId('share-log');
  await expect(log).toHaveAttribute('data-state', 'ready');
  await expect(log.getByTestId('share-opening')).toHaveCount(2);
  await expect(log.getByTestId('share-opening').first()).toContainText(t('shareLog.device.wechat'));
  await expect(log.getByTestId('share-opening').first()).toContainText(t('shareLog.codeRight'));
  await expect(log.getByTestId('share-opening').nth(1)).toContainText(t('shareLog.codeWrong'));
  await walk.look("the share's log, from the message");

  // No more notices for this share.
  await page.getByTestId('share-notify-switch').click();
  await walk.look('stop the notices?');
  await page.getByTestId('share-notify-dialog').getByRole('button', { name: t('shareLog.offYes'), exact: true }).click();
  await expect(page.getByTestId('share-notify')).toHaveAttribute('data-notify', 'false');

  // Revoked from the log: the link opens nothing any more.
  await page.getByTestId('share-log-revoke').click();
  await page.getByTestId('revoke-dialog').getByRole('button', { name: t('share.revokeYes'), exact: true }).click();
  await expect(page.getByTestId('share-log-revoke')).toHaveCount(0);
  await expect(page.getByTestId('share-log-study')).toContainText(t('share.state.revoked'));
  await walk.look('revoked from the log');
  await other.goto(`${url.pathname}${url.search}&lang=${language}`);
  await expect(other.getByTestId('share-refused')).toBeVisible();
  await recipient.close();
});

// Issue 27 §6: at the identity provider, the patient signs in with a code texted to their phone
// (a wrong one first, told how many tries are left), then, signed out, forgets their password and
// sets a new one by SMS, with which they sign in. The provider's pages are in both languages at
// once, so each walk looks at their layout; the app after each sign-in is looked at in its language.
journey('13. signing in by SMS code, and a new password by SMS', async (walk) => {
  const { page, language } = walk;
  const login = SMS_SIGNERS[language];
  const { phone } = DEMO_PATIENTS.find((patient) => patient.loginName === login)!;
  const newPassword = `new${language === 'en' ? 'En' : 'Zh'}2026pw`;
  const lastCode = async () => ((await (await page.request.get(`/sandbox/test/sms?phone=${phone}`)).json()) as { messages: Array<{ code: string }> }).messages[0]!.code;
  const startAtProvider = async () => {
    // The walks run again and again on one sandbox: the number's sends start afresh.
    expect((await page.request.post(`/sandbox/test/verification/unlock?phone=${phone}`)).ok()).toBe(true);
    await walk.open('/personal');
    await page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
  };

  await startAtProvider();
  await walk.lookAtProvider('provider: sign-in page, with the SMS ways in');
  await page.getByRole('link', { name: /用短信验证码登录/ }).click();
  await page.locator('#phone').fill(phone);
  await walk.lookAtProvider('provider: my mobile number');
  await page.getByRole('button', { name: /获取验证码/ }).click();
  await expect(page.getByRole('status')).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  await walk.lookAtProvider('provider: the code is on its way');
  const code = await lastCode();
  await page.locator('#code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: /^登录/ }).click();
  await expect(page.getByRole('alert')).toContainText(/还可以再试 4 次[\s\S]*You can try 4 more times/);
  await walk.lookAtProvider('provider: a wrong code, tries left');
  await page.locator('#code').fill(code);
  await page.getByRole('button', { name: /^登录/ }).click();
  await page.waitForURL((url) => url.origin !== PROVIDER_ORIGIN && url.pathname === '/personal');
  await expect(page.getByTestId('personal')).toContainText(DEMO_PATIENTS.find((patient) => patient.loginName === login)!.name);
  await walk.look('personal centre, signed in by SMS code');

  // Signed out (a fresh browser), the patient has forgotten the password.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await startAtProvider();
  await page.getByRole('link', { name: /忘记密码/ }).click();
  await page.locator('#phone').fill(phone);
  await page.getByRole('button', { name: /获取验证码/ }).click();
  await page.locator('#code').fill(await lastCode());
  await page.locator('#password').fill(newPassword);
  await page.locator('#repeat').fill(newPassword);
  await walk.lookAtProvider('provider: the code and a new password');
  await page.getByRole('button', { name: /设置新密码/ }).click();
  await expect(page.getByRole('status')).toContainText(/新密码已设置[\s\S]*Your new password is set/);
  await expect(page.locator('#login')).toHaveValue(login);
  await walk.lookAtProvider('provider: new password set, sign in with it');
  await page.locator('#password').fill(newPassword);
  await page.getByRole('button', { name: /^登录/ }).click();
  await page.waitForURL((url) => url.origin !== PROVIDER_ORIGIN && url.pathname === '/personal');
  await walk.look('personal centre, signed in with the new password');
});

// Issue 27 §2: a patient adds a family member (a parent in the Chinese walk, a child in the English
// one) with that person's national ID and the SMS code sent to their phone, switches to them from
// home, sees their studies, shares one and reaches the storage plans for one with the same screens,
// goes back to their own, and removes the member: the server refuses to act for them at once.
journey('14. a family member’s studies', async (walk) => {
  const { page, t, language } = walk;
  const { owner, member: memberLogin, relation } = FAMILY_JOURNEY[language];
  const member = DEMO_PATIENTS.find((one) => one.loginName === memberLogin)!;
  const shownAs = t('family.memberLabel', { relation: t(`family.relation.${relation}`), name: member.name });
  await walk.signIn(owner);
  await walk.open('/personal');
  await expect(page.getByTestId('family-section')).toBeVisible();
  await walk.look('the family in the personal centre, none yet');

  // Adding: their national ID, an image code, and the code texted to their phone.
  expect((await page.request.post(`/sandbox/test/verification/unlock?phone=${member.phone}`)).ok()).toBe(true);
  await page.getByTestId(`family-add-${relation}`).click();
  await expect(page.getByTestId('collect-method-namePhone')).toHaveCount(0);
  await page.getByTestId('collect-idCard').fill(demoNationalId(member));
  const image = page.getByTestId('collect-captcha-image');
  await expect(image).not.toHaveAttribute('data-captcha-id', '');
  const captcha = (await (await page.request.get(`/sandbox/test/captcha?id=${await image.getAttribute('data-captcha-id')}`)).json()) as { answer: string };
  await page.getByTestId('collect-captchaText').fill(captcha.answer);
  await walk.look('adding a family member');
  await page.getByTestId('collect-send').click();
  await expect(page.getByTestId('collect-code')).toBeVisible();
  await walk.look('the code texted to the family member');
  const sms = (await (await page.request.get(`/sandbox/test/sms?phone=${member.phone}`)).json()) as { messages: Array<{ code: string }> };
  await page.getByTestId('collect-code').fill(sms.messages[0]!.code);
  await page.getByTestId('collect-verify').click();
  await expect(page.getByTestId('family-row')).toHaveText(new RegExp(shownAs));
  await walk.look('the family member added');

  // Switching from home: every screen then says whose records these are.
  await walk.open('/Home');
  await page.getByTestId('family-member').click();
  await expect(page.getByTestId('family-banner')).toContainText(shownAs);
  await expect(page.getByTestId('family-member')).toHaveAttribute('aria-pressed', 'true');
  await walk.look('home, acting for the family member');
  await walk.open('/myStudyList');
  await expect(page.getByTestId('study-link')).toHaveCount(member.studies.length);
  await expect(page.getByTestId('family-banner')).toBeVisible();
  await walk.look("the family member's studies");
  await page.getByTestId('study-link').first().click();
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByTestId('film-detail')).toContainText(member.name);
  await page.getByTestId('film-share').click();
  await page.getByTestId('share-create').click();
  await expect(page.getByTestId('share-access-code')).toHaveText(/\d{4}/);
  await walk.open(`/imageStore?id=${id}`);
  await expect(page.getByRole('radio').first()).toBeVisible();
  await walk.look("storage for the family member's study");

  // Back to mine, then the member removed: acting for them is refused at once.
  await page.getByTestId('family-banner-back').click();
  await expect(page.getByTestId('family-switcher')).toBeVisible();
  await expect(page.getByTestId('family-banner')).toHaveCount(0);
  await walk.open('/personal');
  const memberId = (await page.getByTestId('family-row').getAttribute('data-member-id'))!;
  await page.getByTestId('family-remove').click();
  await page.getByTestId('family-remove-dialog').getByRole('button', { name: t('family.removeYes'), exact: true }).click();
  await expect(page.getByTestId('family-row')).toHaveCount(0);
  // Asked behind the app's back (from outside the page, so no console error): refused at once.
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
    return (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
  });
  const refused = (await page.request.get('/api/V1.0/Package/HospitalStudyList?pageIndex=1&pageLength=10', { headers: { authorization: `Bearer ${token}`, 'X-Family-Member': memberId } })).status();
  expect(refused).toBe(403);
});

// Issue 27 §3: from the viewer of the 2026-11-18 chest CT, the 2026-02-09 one opens beside it
// (stacked on a phone held upright); scrolling one takes the other to the same slice position, each
// keeps its own window, and each report is a tap away.
journey('15. the prior study beside this one', async (walk) => {
  const { page, t } = walk;
  await walk.signIn();
  await walk.open(`/index?id=${NEWEST}`);
  await page.getByTestId('film-open-viewer').click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer).toHaveAttribute('data-viewer-state', 'imageReady', { timeout: 40_000 });
  await expect(page.getByTestId('compare-toggle')).toHaveText(t('viewer.compare.open'));
  await page.getByTestId('compare-toggle').click();
  const prior = page.getByTestId('compare-prior');
  await expect(prior).toHaveAttribute('data-position', /\d/, { timeout: 40_000 });
  // Stacked: the prior below this study, on a phone held upright.
  const [top, bottom] = [await page.getByTestId('compare-current').boundingBox(), await prior.boundingBox()];
  expect(bottom!.y).toBeGreaterThanOrEqual(top!.y + top!.height - 1);
  await walk.look('the prior study beside this one');

  // In step by slice position: the prior follows this study to the nearest slice.
  await page.getByTestId('viewer-scrubber').fill('150');
  await expect(viewer).toHaveAttribute('data-slice-index', '150');
  const here = Number(await viewer.getAttribute('data-position'));
  await expect.poll(async () => Math.abs(Number(await prior.getAttribute('data-position')) - here)).toBeLessThanOrEqual(2.5);
  await walk.look('both on the same slice position');

  // Each its own window: a preset on the prior leaves this study's window as it was.
  const windowHere = await viewer.getAttribute('data-window');
  const windowThere = await prior.getAttribute('data-window');
  const presets = page.getByTestId('compare-presets-prior');
  const other = await presets.locator('option:not([disabled])').evaluateAll((options, chosen) => options.map((option) => (option as HTMLOptionElement).value).find((value) => value !== chosen), await presets.inputValue());
  await presets.selectOption(other!);
  await expect(prior).not.toHaveAttribute('data-window', windowThere!);
  await expect(viewer).toHaveAttribute('data-window', windowHere!);

  // The prior's report, a tap away.
  await page.getByTestId('compare-report-prior').click();
  await expect(page.getByTestId('film-report')).toBeVisible();
  await expect(page.getByTestId('film-detail')).toContainText('2026-02-09');
  await walk.look("the prior study's report");
});
