/**
 * What is kept in a patient's name and must be dealt with as they sign out, while their tokens
 * still work: whoever keeps something registers it (the analytics outbox: the patient's records),
 * and the session's sign-out runs it before it revokes the tokens. Nothing of the patient may be
 * left on the device once they signed out (issue 22), and nothing may keep them waiting long.
 */
export interface SignOutTask {
  /** First, in the patient's name (their records sent one last time): waited for until the deadline, no longer. */
  finish?(userId: string): Promise<void>;
  /** Then, always, finished or not: what is kept of the patient is forgotten. */
  forget(userId: string): void;
}

export interface SignOutTasks {
  /** Registers a task; the returned function takes it back. */
  add(task: SignOutTask): () => void;
  /** Runs every task for the patient signing out: each `finish` for `withinMs` at most, then each `forget`. */
  run(userId: string, withinMs: number): Promise<void>;
}

export function createSignOutTasks(): SignOutTasks {
  const tasks = new Set<SignOutTask>();
  return {
    add(task) {
      tasks.add(task);
      return () => void tasks.delete(task);
    },
    async run(userId, withinMs) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
      try {
        await Promise.race([Promise.allSettled([...tasks].map((task) => task.finish?.(userId))), deadline]);
      } finally {
        clearTimeout(timer);
      }
      for (const task of tasks) {
        try {
          task.forget(userId);
        } catch {
          // One that cannot forget (storage revoked) keeps none of the others from forgetting.
        }
      }
    },
  };
}
