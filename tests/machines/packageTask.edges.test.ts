// @vitest-environment node
/**
 * Edges of the download page's packaging chart that the model-based suite leaves open (found by
 * mutation testing, docs/testing.md): the event each tap of the view sends, what the page shows
 * in each situation, exactly what each call is asked, and when the progress is asked again.
 */
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectPackageTask } from '../../machines/packageTask/packageTask.connect';
import { packageTaskMachine } from '../../machines/packageTask/packageTask.machine';
import type { EmailOutcome, LinkLike, PackageFormat, TaskLike } from '../../machines/packageTask/packageTask.types';
import { controllablePromise } from '../../machines/replay';
import { flush } from './modelHarness';

const FILM = '8';
const LINK: LinkLike = { url: 'https://example.test/downloadLink?token=abc' };
const task = (state: TaskLike['state'], progress: number, more: Partial<TaskLike> = {}): TaskLike => ({ taskId: 't-1', state, progress, format: 'dicom', desensitize: false, ...more });

function startPage(provided = true) {
  const calls = {
    findTask: controllablePromise<TaskLike | null, { collectFilmId: string }>(),
    addTask: controllablePromise<TaskLike, { collectFilmId: string; format: PackageFormat; desensitize: boolean }>(),
    queryTask: controllablePromise<TaskLike, { taskId: string }>(),
    updateDesensitize: controllablePromise<TaskLike, { taskId: string; desensitize: boolean }>(),
    copyLink: controllablePromise<LinkLike, { taskId: string }>(),
    sendEmail: controllablePromise<EmailOutcome, { taskId: string; email: string }>(),
    writeClipboard: controllablePromise<boolean, LinkLike>(),
  };
  const clock = new SimulatedClock();
  const machine = provided
    ? packageTaskMachine.provide({
        actors: {
          findTask: calls.findTask.logic,
          addTask: calls.addTask.logic,
          queryTask: calls.queryTask.logic,
          updateDesensitize: calls.updateDesensitize.logic,
          copyLink: calls.copyLink.logic,
          sendEmail: calls.sendEmail.logic,
          writeClipboard: calls.writeClipboard.logic,
        },
      })
    : packageTaskMachine;
  const actor = createActor(machine, { input: { collectFilmId: FILM }, clock }).start();
  const view = () => connectPackageTask<TaskLike>(actor.getSnapshot(), actor.send);
  return { actor, calls, clock, view };
}
type Page = ReturnType<typeof startPage>;

async function found(page: Page, answer: TaskLike | null) {
  page.calls.findTask.resolve(answer);
  await flush();
}

async function answer<T>(call: { resolve: (value: T) => void }, value: T) {
  call.resolve(value);
  await flush();
}

async function fail(call: { reject: (error: unknown) => void }) {
  call.reject(new Error('offline'));
  await flush();
}

/** Waits `ms` on the page's clock and says whether the progress was asked meanwhile. */
async function waitAndSeeQuery(page: Page, ms: number) {
  const before = page.calls.queryTask.inputs.length;
  page.clock.increment(ms);
  await flush();
  return page.calls.queryTask.inputs.length > before;
}

/** The progress is asked exactly `ms` after now: not a millisecond before. */
async function expectQueryAfter(page: Page, ms: number) {
  expect(await waitAndSeeQuery(page, ms - 1)).toBe(false);
  expect(await waitAndSeeQuery(page, 1)).toBe(true);
}

async function readyPage(readyTask = task('ready', 100)) {
  const page = startPage();
  await found(page, readyTask);
  return page;
}

const NOTHING_UNDER_WAY = { isRequesting: false, isStalled: false, isChanging: false, isFetchingLink: false, isSendingEmail: false };

describe('package: the view intents', () => {
  it('each tap sends the event it names, with what the page gives', () => {
    const send = vi.fn();
    const view = connectPackageTask(createActor(packageTaskMachine, { input: { collectFilmId: FILM } }).getSnapshot(), send);
    view.chooseFormat('jpeg');
    view.setDesensitize(true);
    view.request();
    view.retry();
    view.newPackage();
    view.copyLink();
    view.editEmail('zhang@example.com');
    view.sendEmail('invalidEmail');
    view.sendEmail(null);
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'CHOOSE_FORMAT', format: 'jpeg' },
      { type: 'SET_DESENSITIZE', desensitize: true },
      { type: 'REQUEST' },
      { type: 'RETRY' },
      { type: 'NEW_PACKAGE' },
      { type: 'COPY_LINK' },
      { type: 'EDIT_EMAIL', email: 'zhang@example.com' },
      { type: 'SEND_EMAIL', problem: 'invalidEmail' },
      { type: 'SEND_EMAIL', problem: null },
    ]);
  });
});

describe('package: finding the task this study has', () => {
  it('asks by the study, and shows the finding step with nothing chosen yet', () => {
    const page = startPage();
    expect(page.calls.findTask.inputs).toEqual([{ collectFilmId: FILM }]);
    expect(page.view()).toMatchObject({
      ...NOTHING_UNDER_WAY,
      state: '"finding"',
      step: 'finding',
      format: 'dicom',
      desensitize: false,
      task: null,
      progress: 0,
      problem: null,
      link: null,
      clipboard: null,
      email: '',
      emailProblem: null,
      emailSentTo: null,
    });
  });

  it('no answer: says the page is offline; trying again asks again', async () => {
    const page = startPage();
    await fail(page.calls.findTask);
    expect(page.view()).toMatchObject({ ...NOTHING_UNDER_WAY, state: '"findFailed"', step: 'findFailed', problem: 'offline' });
    page.view().retry();
    expect(page.view().step).toBe('finding');
    expect(page.calls.findTask.inputs).toEqual([{ collectFilmId: FILM }, { collectFilmId: FILM }]);
  });

  it('none yet: the choice, as it starts', async () => {
    const page = startPage();
    await found(page, null);
    expect(page.view()).toMatchObject({ ...NOTHING_UNDER_WAY, state: '"choosing"', step: 'choosing', task: null, format: 'dicom', desensitize: false });
  });

  it("one ready: the download step with that task's choice", async () => {
    const ready = task('ready', 100, { format: 'jpeg', desensitize: true });
    const page = await readyPage(ready);
    expect(page.view()).toMatchObject({ ...NOTHING_UNDER_WAY, step: 'ready', task: ready, progress: 100, format: 'jpeg', desensitize: true });
    expect(JSON.parse(page.view().state)).toEqual({ ready: { link: 'idle', email: 'editing' } });
  });

  it('one that failed: the failed step; trying again packs anew with its choice', async () => {
    const page = startPage();
    await found(page, task('failed', 30, { format: 'jpeg', desensitize: true }));
    expect(page.view()).toMatchObject({ ...NOTHING_UNDER_WAY, state: '"failed"', step: 'failed', progress: 30 });
    page.view().retry();
    expect(page.calls.addTask.inputs).toEqual([{ collectFilmId: FILM, format: 'jpeg', desensitize: true }]);
    expect(page.view()).toMatchObject({ step: 'choosing', isRequesting: true });
  });

  it('one that failed: another package forgets it and goes back to the choice', async () => {
    const page = startPage();
    await found(page, task('failed', 30, { format: 'jpeg' }));
    page.view().newPackage();
    expect(page.view()).toMatchObject({ step: 'choosing', task: null, progress: 0, format: 'jpeg' });
  });

  it("one packing: the packing step with its progress; asked again after a second, by the task's id", async () => {
    const page = startPage();
    await found(page, task('packing', 40, { taskId: 't-9' }));
    expect(page.view()).toMatchObject({ ...NOTHING_UNDER_WAY, step: 'packing', progress: 40 });
    expect(JSON.parse(page.view().state)).toEqual({ packing: 'waiting' });
    await expectQueryAfter(page, 1_000);
    expect(page.calls.queryTask.inputs).toEqual([{ taskId: 't-9' }]);
  });

  it('an app that provided no calls says the page is offline', async () => {
    const page = startPage(false);
    await flush();
    expect(page.view()).toMatchObject({ step: 'findFailed', problem: 'offline' });
  });
});

describe('package: choosing and asking for one', () => {
  it('the format and the desensitize choice show as chosen, and the request carries them', async () => {
    const page = startPage();
    await found(page, null);
    page.view().chooseFormat('jpeg');
    page.view().setDesensitize(true);
    expect(page.view()).toMatchObject({ format: 'jpeg', desensitize: true });
    page.view().request();
    expect(page.calls.addTask.inputs).toEqual([{ collectFilmId: FILM, format: 'jpeg', desensitize: true }]);
    expect(page.view()).toMatchObject({ state: '"requesting"', step: 'choosing', isRequesting: true });
  });

  it('no answer: back to the choice as it was, saying the page is offline', async () => {
    const page = startPage();
    await found(page, null);
    page.view().chooseFormat('jpeg');
    page.view().request();
    await fail(page.calls.addTask);
    expect(page.view()).toMatchObject({ ...NOTHING_UNDER_WAY, step: 'choosing', problem: 'offline', format: 'jpeg' });
  });

  it('packing: the progress shows and what was said about the last try goes', async () => {
    const page = startPage();
    await found(page, null);
    page.view().request();
    await fail(page.calls.addTask);
    page.view().request();
    await answer(page.calls.addTask, task('queued', 0));
    expect(page.view()).toMatchObject({ ...NOTHING_UNDER_WAY, step: 'packing', progress: 0, problem: null, task: task('queued', 0) });
    await expectQueryAfter(page, 1_000);
  });

  it('the same package made before: ready at once', async () => {
    const page = startPage();
    await found(page, null);
    page.view().request();
    await answer(page.calls.addTask, task('ready', 100));
    expect(page.view()).toMatchObject({ step: 'ready', progress: 100 });
    expect(await waitAndSeeQuery(page, 60_000)).toBe(false);
  });
});

describe('package: following the progress', () => {
  async function packingPage(progress = 40) {
    const page = startPage();
    await found(page, task('packing', progress));
    await expectQueryAfter(page, 1_000);
    return page;
  }

  it('while nothing moves it asks less often (2, 4, 8, 8 s); progress brings the wait back down', async () => {
    const page = await packingPage();
    await answer(page.calls.queryTask, task('packing', 40));
    await expectQueryAfter(page, 2_000);
    await answer(page.calls.queryTask, task('packing', 40));
    await expectQueryAfter(page, 4_000);
    await answer(page.calls.queryTask, task('packing', 40));
    await expectQueryAfter(page, 8_000);
    await answer(page.calls.queryTask, task('packing', 40));
    await expectQueryAfter(page, 8_000);
    await answer(page.calls.queryTask, task('packing', 55));
    expect(page.view().progress).toBe(55);
    expect(await waitAndSeeQuery(page, 999)).toBe(false);
    expect(await waitAndSeeQuery(page, 1_001)).toBe(true);
  });

  it('a package asked anew after one failed while nothing moved is asked about after a second again', async () => {
    const page = await packingPage();
    await answer(page.calls.queryTask, task('packing', 40));
    await expectQueryAfter(page, 2_000);
    await answer(page.calls.queryTask, task('failed', 40));
    page.view().retry();
    await answer(page.calls.addTask, task('queued', 0));
    await expectQueryAfter(page, 1_000);
  });

  it('ready: the download step; failed: the failed step; neither asks again', async () => {
    const page = await packingPage();
    await answer(page.calls.queryTask, task('ready', 100));
    expect(page.view()).toMatchObject({ step: 'ready', progress: 100 });
    expect(await waitAndSeeQuery(page, 60_000)).toBe(false);

    const other = await packingPage();
    await answer(other.calls.queryTask, task('failed', 70));
    expect(other.view()).toMatchObject({ step: 'failed', progress: 70 });
    expect(await waitAndSeeQuery(other, 60_000)).toBe(false);
  });

  it('one or two missed answers: asks again after the wait, saying nothing', async () => {
    const page = await packingPage();
    await fail(page.calls.queryTask);
    expect(page.view()).toMatchObject({ ...NOTHING_UNDER_WAY, step: 'packing', problem: null });
    await expectQueryAfter(page, 2_000);
    await fail(page.calls.queryTask);
    expect(page.view()).toMatchObject({ isStalled: false, problem: null });
    await expectQueryAfter(page, 4_000);
  });

  it('three missed answers in a row: says the connection is gone and stops asking; trying again asks at once', async () => {
    const page = await packingPage();
    for (const wait of [2_000, 4_000]) {
      await fail(page.calls.queryTask);
      await expectQueryAfter(page, wait);
    }
    await fail(page.calls.queryTask);
    expect(page.view()).toMatchObject({ step: 'packing', isStalled: true, problem: 'offline' });
    expect(JSON.parse(page.view().state)).toEqual({ packing: 'stalled' });
    expect(await waitAndSeeQuery(page, 60_000)).toBe(false);
    page.view().retry();
    expect(page.calls.queryTask.inputs).toHaveLength(4);
    await answer(page.calls.queryTask, task('packing', 40));
    expect(page.view()).toMatchObject({ isStalled: false, problem: null });
    // The count of waits starts over: nothing moved once since the retry.
    await expectQueryAfter(page, 2_000);
  });

  it('an answer between missed ones starts the count of missed answers over', async () => {
    const page = await packingPage();
    await fail(page.calls.queryTask);
    await expectQueryAfter(page, 2_000);
    await fail(page.calls.queryTask);
    await expectQueryAfter(page, 4_000);
    await answer(page.calls.queryTask, task('packing', 50));
    await expectQueryAfter(page, 2_000);
    await fail(page.calls.queryTask);
    await expectQueryAfter(page, 4_000);
    await fail(page.calls.queryTask);
    expect(page.view().isStalled).toBe(false);
  });
});

describe('package: changing the desensitize choice while it packs', () => {
  async function packingPage() {
    const page = startPage();
    await found(page, task('packing', 40, { taskId: 't-9' }));
    return page;
  }

  it('the other choice: packs again with it, showing the change under way', async () => {
    const page = await packingPage();
    page.view().setDesensitize(true);
    expect(page.calls.updateDesensitize.inputs).toEqual([{ taskId: 't-9', desensitize: true }]);
    expect(page.view()).toMatchObject({ step: 'packing', isChanging: true, desensitize: true });
    expect(JSON.parse(page.view().state)).toEqual({ packing: 'changing' });
    await answer(page.calls.updateDesensitize, task('queued', 0, { taskId: 't-9', desensitize: true }));
    expect(page.view()).toMatchObject({ ...NOTHING_UNDER_WAY, step: 'packing', progress: 0, desensitize: true });
    await expectQueryAfter(page, 1_000);
  });

  it('after the change the progress is asked after a second, however long nothing had moved before', async () => {
    const page = await packingPage();
    await expectQueryAfter(page, 1_000);
    await answer(page.calls.queryTask, task('packing', 40, { taskId: 't-9' }));
    await expectQueryAfter(page, 2_000);
    await answer(page.calls.queryTask, task('packing', 40, { taskId: 't-9' }));
    page.view().setDesensitize(true);
    await answer(page.calls.updateDesensitize, task('queued', 0, { taskId: 't-9', desensitize: true }));
    await expectQueryAfter(page, 1_000);
  });

  it('the same choice: nothing is asked', async () => {
    const page = await packingPage();
    page.view().setDesensitize(false);
    expect(page.calls.updateDesensitize.inputs).toEqual([]);
    expect(page.view().isChanging).toBe(false);
  });

  it('no answer: the package as it was goes on, and the page says the change did not reach the server', async () => {
    const page = await packingPage();
    page.view().setDesensitize(true);
    await fail(page.calls.updateDesensitize);
    expect(page.view()).toMatchObject({ step: 'packing', isChanging: false, problem: 'offline', progress: 40 });
    await expectQueryAfter(page, 1_000);
    expect(page.calls.queryTask.inputs).toEqual([{ taskId: 't-9' }]);
  });

  it('while it waits on the server, another choice is not taken', async () => {
    const page = await packingPage();
    page.view().setDesensitize(true);
    page.view().setDesensitize(false);
    expect(page.calls.updateDesensitize.inputs).toEqual([{ taskId: 't-9', desensitize: true }]);
  });
});

describe('package: the link', () => {
  it("copying asks for the task's link, shows it, and puts it on the clipboard", async () => {
    const page = await readyPage(task('ready', 100, { taskId: 't-9' }));
    page.view().copyLink();
    expect(page.calls.copyLink.inputs).toEqual([{ taskId: 't-9' }]);
    expect(page.view()).toMatchObject({ isFetchingLink: true, link: null });
    await answer(page.calls.copyLink, LINK);
    expect(page.calls.writeClipboard.inputs).toEqual([LINK]);
    expect(page.view()).toMatchObject({ isFetchingLink: false, link: LINK, clipboard: null });
    await answer(page.calls.writeClipboard, true);
    expect(page.view()).toMatchObject({ link: LINK, clipboard: 'copied' });
  });

  it.each([
    ['says it must be copied by hand', false],
  ] as const)('a clipboard that did not take it %s', async (_, copied) => {
    const page = await readyPage();
    page.view().copyLink();
    await answer(page.calls.copyLink, LINK);
    await answer(page.calls.writeClipboard, copied);
    expect(page.view().clipboard).toBe('manual');
  });

  it('a clipboard that refused: copy it by hand', async () => {
    const page = await readyPage();
    page.view().copyLink();
    await answer(page.calls.copyLink, LINK);
    await fail(page.calls.writeClipboard);
    expect(page.view()).toMatchObject({ link: LINK, clipboard: 'manual' });
  });

  it('copying again puts the same link on the clipboard again, without asking the server', async () => {
    const page = await readyPage();
    page.view().copyLink();
    await answer(page.calls.copyLink, LINK);
    await answer(page.calls.writeClipboard, false);
    page.view().copyLink();
    expect(page.view().clipboard).toBeNull();
    expect(page.calls.copyLink.inputs).toHaveLength(1);
    expect(page.calls.writeClipboard.inputs).toEqual([LINK, LINK]);
    await answer(page.calls.writeClipboard, true);
    expect(page.view().clipboard).toBe('copied');
  });

  it('no answer: no link, the page says it is offline, and copying asks again', async () => {
    const page = await readyPage();
    page.view().copyLink();
    await fail(page.calls.copyLink);
    expect(page.view()).toMatchObject({ isFetchingLink: false, link: null, problem: 'offline' });
    page.view().copyLink();
    expect(page.calls.copyLink.inputs).toHaveLength(2);
  });
});

describe('package: the e-mail', () => {
  it('typing shows the address and clears what was said about the last one', async () => {
    const page = await readyPage();
    page.view().sendEmail('invalidEmail');
    expect(page.view().emailProblem).toBe('invalidEmail');
    page.view().editEmail('zhang@example.com');
    expect(page.view()).toMatchObject({ email: 'zhang@example.com', emailProblem: null });
  });

  it('an address that breaks the rule: says so, sends nothing', async () => {
    const page = await readyPage();
    page.view().editEmail('zhang@');
    page.view().sendEmail('invalidEmail');
    expect(page.view()).toMatchObject({ emailProblem: 'invalidEmail', isSendingEmail: false, emailSentTo: null });
    expect(page.calls.sendEmail.inputs).toEqual([]);
  });

  it("sent: the task's link to the address typed; the page says to which address the server sent it", async () => {
    const page = await readyPage(task('ready', 100, { taskId: 't-9' }));
    page.view().editEmail('zhang@example.com');
    page.view().sendEmail(null);
    expect(page.calls.sendEmail.inputs).toEqual([{ taskId: 't-9', email: 'zhang@example.com' }]);
    expect(page.view().isSendingEmail).toBe(true);
    await answer(page.calls.sendEmail, { ok: true, email: 'zhang@example.org', sentAt: '2026-11-23T08:00:00.000Z' });
    expect(page.view()).toMatchObject({ isSendingEmail: false, emailSentTo: 'zhang@example.org', emailProblem: null });
  });

  it("refused: the server's reason", async () => {
    const page = await readyPage();
    page.view().editEmail('zhang@example.com');
    page.view().sendEmail(null);
    await answer(page.calls.sendEmail, { ok: false, problem: 'refused' });
    expect(page.view()).toMatchObject({ isSendingEmail: false, emailProblem: 'refused', emailSentTo: null });
  });

  it('no answer: says the page is offline; a later sending clears it', async () => {
    const page = await readyPage();
    page.view().editEmail('zhang@example.com');
    page.view().sendEmail(null);
    await fail(page.calls.sendEmail);
    expect(page.view()).toMatchObject({ isSendingEmail: false, emailProblem: 'offline' });
    page.view().sendEmail(null);
    await answer(page.calls.sendEmail, { ok: true, email: 'zhang@example.com', sentAt: '2026-11-23T08:00:00.000Z' });
    expect(page.view()).toMatchObject({ emailProblem: null, emailSentTo: 'zhang@example.com' });
  });
});

describe('package: another package of the same study', () => {
  it('forgets the task, its link and what was said about the e-mail; keeps the address and the choice', async () => {
    const page = await readyPage(task('ready', 100, { format: 'jpeg' }));
    page.view().copyLink();
    await answer(page.calls.copyLink, LINK);
    await answer(page.calls.writeClipboard, true);
    page.view().editEmail('zhang@example.com');
    page.view().sendEmail(null);
    await answer(page.calls.sendEmail, { ok: true, email: 'zhang@example.com', sentAt: '2026-11-23T08:00:00.000Z' });
    page.view().newPackage();
    expect(page.view()).toMatchObject({
      ...NOTHING_UNDER_WAY,
      step: 'choosing',
      task: null,
      progress: 0,
      link: null,
      clipboard: null,
      emailSentTo: null,
      emailProblem: null,
      email: 'zhang@example.com',
      format: 'jpeg',
    });
  });

  it('the refused e-mail is forgotten too', async () => {
    const page = await readyPage();
    page.view().sendEmail('invalidEmail');
    page.view().newPackage();
    expect(page.view().emailProblem).toBeNull();
  });
});
