import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { connectPackageTask } from '../../../machines/packageTask/packageTask.connect';
import { packageTaskMachine } from '../../../machines/packageTask/packageTask.machine';
import type { EmailOutcome, LinkLike, PackageFormat, TaskLike } from '../../../machines/packageTask/packageTask.types';
import type { PackageTask } from '../../shared/api/downloadSchemas';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { copyText } from '../../shared/platform/clipboard';
import { useServices } from '../../shared/services';
import { addTask, copyLink, findTask, queryTask, sendEmail, updateDesensitize } from './downloadCalls';

/** The packaging chart with the app's calls and clipboard, connected for the download page. */
export function usePackageTask(collectFilmId: string) {
  const { api, session } = useServices();
  const machine = useMemo(
    () =>
      packageTaskMachine.provide({
        actors: {
          findTask: fromPromise<TaskLike | null, { collectFilmId: string }>(({ input, signal }) => findTask(api, input.collectFilmId, signal)),
          addTask: fromPromise<TaskLike, { collectFilmId: string; format: PackageFormat; desensitize: boolean }>(({ input, signal }) => addTask(api, input, signal)),
          queryTask: fromPromise<TaskLike, { taskId: string }>(({ input, signal }) => queryTask(api, input.taskId, signal)),
          updateDesensitize: fromPromise<TaskLike, { taskId: string; desensitize: boolean }>(({ input, signal }) => updateDesensitize(api, input, signal)),
          copyLink: fromPromise<LinkLike, { taskId: string }>(({ input, signal }) => copyLink(api, input.taskId, signal)),
          sendEmail: fromPromise<EmailOutcome, { taskId: string; email: string }>(({ input, signal }) =>
            sendEmail(api, { ...input, keepAddress: session.status() === 'signedIn' }, signal),
          ),
          writeClipboard: fromPromise<boolean, LinkLike>(({ input }) => copyText(input.url)),
        },
      }),
    [api, session],
  );
  const [snapshot, send] = useAppMachine(machine, { input: { collectFilmId } });
  return useMemo(() => connectPackageTask<PackageTask>(snapshot, send), [snapshot, send]);
}

export type PackageTaskScreenView = ReturnType<typeof usePackageTask>;
