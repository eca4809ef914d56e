import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PackageTaskMachine } from './packageTask.machine';
import type { PackageFormat } from './packageTask.types';

/** What the download page needs: the step, the choice, the task's progress, the link and e-mail parts. */
export function connectPackageTask<Task>(snapshot: SnapshotFrom<PackageTaskMachine>, send: ActorRefFrom<PackageTaskMachine>['send']) {
  const { context } = snapshot;
  const step = snapshot.matches('finding')
    ? ('finding' as const)
    : snapshot.matches('findFailed')
      ? ('findFailed' as const)
      : snapshot.matches('choosing') || snapshot.matches('requesting')
        ? ('choosing' as const)
        : snapshot.matches('packing')
          ? ('packing' as const)
          : snapshot.matches('ready')
            ? ('ready' as const)
            : ('failed' as const);
  return {
    state: JSON.stringify(snapshot.value),
    step,
    format: context.format,
    desensitize: context.desensitize,
    /** The app's task as its calls answered it. */
    task: context.task as Task | null,
    progress: context.task?.progress ?? 0,
    isRequesting: snapshot.matches('requesting'),
    isStalled: snapshot.matches({ packing: 'stalled' }),
    isChanging: snapshot.matches({ packing: 'changing' }),
    problem: context.problem,
    link: context.link,
    /** Whether the link reached the clipboard ('copied') or must be copied by hand ('manual'); null until a copy ends. */
    clipboard: context.clipboard,
    isFetchingLink: snapshot.matches({ ready: { link: 'fetching' } }),
    email: context.email,
    emailProblem: context.emailProblem,
    emailSentTo: context.emailSentTo,
    isSendingEmail: snapshot.matches({ ready: { email: 'sending' } }),
    chooseFormat: (format: PackageFormat) => send({ type: 'CHOOSE_FORMAT', format }),
    setDesensitize: (desensitize: boolean) => send({ type: 'SET_DESENSITIZE', desensitize }),
    request: () => send({ type: 'REQUEST' }),
    retry: () => send({ type: 'RETRY' }),
    newPackage: () => send({ type: 'NEW_PACKAGE' }),
    copyLink: () => send({ type: 'COPY_LINK' }),
    editEmail: (email: string) => send({ type: 'EDIT_EMAIL', email }),
    sendEmail: (problem: 'invalidEmail' | null) => send({ type: 'SEND_EMAIL', problem }),
  };
}
export type PackageTaskView<Task> = ReturnType<typeof connectPackageTask<Task>>;
