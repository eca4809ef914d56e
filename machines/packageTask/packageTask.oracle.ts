import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectPackageTask } from './packageTask.connect';
import type { PackageTaskMachine } from './packageTask.machine';

const ISSUE = 'issue 13 §2: request a package, follow it with a progress bar (polling with back-off; it survives a reload and a closed tab), download, copy the link, send it by e-mail';
const EMAIL = 'spec §5: the e-mail rule';
const ONCE = 'decisions.md: an action cannot be started twice while one is under way';

/** What packaging a study for download must do. */
export const packageTaskOracle: Oracle<SnapshotFrom<PackageTaskMachine>> = {
  chart: 'packageTask',
  quietMs: 8_000,
  view: (snapshot) => {
    const view = connectPackageTask(snapshot, () => {});
    return { step: view.step, progress: view.progress, stalled: view.isStalled, problem: view.problem, emailProblem: view.emailProblem, emailSentTo: view.emailSentTo, link: view.link, clipboard: view.clipboard };
  },
  promises: [
    {
      id: 'finds-before-asking',
      says: 'The page first asks whether the study has a package already, so a reload or a closed tab picks it up again.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'start' }, then: { call: 'findTask' } },
    },
    {
      id: 'resumes-packing',
      says: 'A package still packing is followed again from where it is.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:findTask', with: { output: { state: 'packing' } } }, then: { sees: { step: 'packing', progress: { sameAs: 'input.output.progress' } } } },
    },
    {
      id: 'asks-once-per-request',
      says: 'One tap asks for one package.',
      source: ONCE,
      rule: { kind: 'needs', what: { call: 'addTask' }, each: { input: ['REQUEST', 'RETRY'] } },
    },
    {
      id: 'progress-shown',
      says: 'Each answer while packing moves the progress bar to what the server says.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:queryTask', with: { output: { state: 'packing' } } }, then: { sees: { progress: { sameAs: 'input.output.progress' } } } },
    },
    {
      id: 'polls-with-back-off',
      says: 'It asks a second after the last answer, waiting twice as long each time nothing moved, never more than eight seconds.',
      source: ISSUE,
      rule: {
        kind: 'timing',
        what: { call: 'queryTask' },
        when: [1000, 2000, 4000, 8000].map((ms) => ({
          since: { input: ['answer:findTask', 'answer:addTask', 'answer:queryTask', 'failure:queryTask', 'answer:updateDesensitize', 'failure:updateDesensitize'] },
          ms,
        })),
      },
    },
    {
      id: 'ready-when-server-says',
      says: 'The download appears only when the server says the package is ready.',
      source: ISSUE,
      rule: { kind: 'always', if: { sees: { step: 'ready' } }, then: { any: [{ saw: { step: 'ready' } }, { input: ['answer:findTask', 'answer:addTask', 'answer:queryTask'], with: { output: { state: 'ready' } } }] } },
    },
    {
      id: 'connection-loss-said',
      says: 'Several missed answers in a row say the connection is gone, and asking again is offered.',
      source: 'issue 13: bad input and faults get a clear message',
      rule: { kind: 'always', if: { all: [{ input: 'failure:queryTask' }, { sees: { stalled: true } }] }, then: { sees: { problem: 'offline' } } },
    },
    {
      id: 'email-by-rule',
      says: 'An address the e-mail rule refuses says so and sends nothing.',
      source: EMAIL,
      rule: { kind: 'always', if: { input: 'SEND_EMAIL', with: { problem: 'invalidEmail' } }, then: { not: { call: 'sendEmail' } } },
    },
    {
      id: 'email-only-valid',
      says: 'Only an address the rule accepts is sent.',
      source: EMAIL,
      rule: { kind: 'needs', what: { call: 'sendEmail' }, each: { input: 'SEND_EMAIL', with: { problem: null } } },
    },
    {
      id: 'email-sent-said',
      says: 'A sent e-mail says where it went.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:sendEmail', with: { output: { ok: true } } }, then: { sees: { emailSentTo: { sameAs: 'input.output.email' }, emailProblem: null } } },
    },
    {
      id: 'link-copied',
      says: 'Copying the link shows it and puts it on the clipboard.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:copyLink' }, then: { all: [{ call: 'writeClipboard', with: { url: { sameAs: 'input.output.url' } } }, { sees: { link: { url: { sameAs: 'input.output.url' } } } }] } },
    },
    {
      id: 'copy-again-same-link',
      says: 'Copying again, with the link shown, puts the same link on the clipboard without asking the server for it again.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'COPY_LINK' }, { saw: { step: 'ready', link: { present: true }, clipboard: { present: true } } }] },
        then: { all: [{ call: 'writeClipboard', with: { url: { sameAs: 'saw.link.url' } } }, { not: { call: 'copyLink' } }] },
      },
    },
    {
      id: 'clipboard-outcome-said',
      says: 'The page says the link was copied only when it reached the clipboard; otherwise it says to copy the link shown by hand.',
      source: `${ISSUE}; decisions.md: a failure is an error the user is told about, never a blank screen`,
      rule: {
        kind: 'always',
        if: { input: ['answer:writeClipboard', 'failure:writeClipboard'] },
        then: {
          any: [
            { all: [{ input: 'answer:writeClipboard', with: { output: true } }, { sees: { clipboard: 'copied', link: { present: true } } }] },
            { all: [{ not: { input: 'answer:writeClipboard', with: { output: true } } }, { sees: { clipboard: 'manual', link: { present: true } } }] },
          ],
        },
      },
    },
    {
      id: 'copy-outcome-fresh',
      says: 'A copy under way shows no outcome of the one before.',
      source: ISSUE,
      rule: { kind: 'always', if: { call: 'writeClipboard' }, then: { sees: { clipboard: null } } },
    },
  ],
};
