import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { DicomArchive } from '../dicom/archive';
import type { PackageTaskRepository } from '../repositories/packageTasks';
import type { StudyRepository } from '../repositories/studies';
import { buildPackage, packageFileName } from './build';
import { pseudonymizer } from './desensitize';

/**
 * The packaging jobs, in this process: queued → packing → ready (or failed). Progress is written to
 * the task row at each step, so a reloaded page (or another client) sees it. A job takes at least
 * `minMs` (CF_PACKAGE_MIN_MS, 6 s by default): progress is spread over that time, so the app's
 * progress bar has something to show even for a one-image study. At most `concurrency` jobs run at
 * once, never two for one task; a task changed while packing (UpdateDesensitize) has its job
 * abandoned and starts again. Tasks a stopped sandbox left queued or packing start again at boot.
 */

export const DEFAULT_PACKAGE_MIN_MS = 6000;
/** Progress the files account for; the last few percent are the ZIP's end and the move into place. */
const WORK_SHARE = 95;
const TICK_MS = 250;
const SWEEP_EVERY_MS = 3_600_000;
const CLOSE_WAIT_MS = 2000;
export const PACKING_FAILED = '影像打包失败，请重新打包';
export const NO_IMAGES = '该检查暂无可下载的影像';

/** CF_PACKAGE_MIN_MS: a whole number of milliseconds, else the default. */
export function packageMinMs(env: NodeJS.ProcessEnv): number {
  const value = Number(env.CF_PACKAGE_MIN_MS);
  return env.CF_PACKAGE_MIN_MS !== undefined && env.CF_PACKAGE_MIN_MS.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : DEFAULT_PACKAGE_MIN_MS;
}

export interface RunnerOptions {
  tasks: PackageTaskRepository;
  studies: StudyRepository;
  archive: DicomArchive;
  /** Where the ZIPs are kept: `<dir>/<taskId>.zip`. */
  dir: string;
  minMs: number;
  concurrency?: number;
  log: (message: string) => void;
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

export class PackageRunner {
  private readonly queue: number[] = [];
  private readonly running = new Map<number, Running>();
  private readonly pseudonym: (patientKey: string) => string;
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: RunnerOptions) {
    mkdirSync(options.dir, { recursive: true });
    this.pseudonym = pseudonymizer(options.dir);
  }

  /** Takes up what a previous process left unfinished, and removes expired packages now and every hour. */
  start(): void {
    for (const task of this.options.tasks.unfinished()) {
      if (task.state === 'packing') this.options.tasks.restart(task.id);
      this.enqueue(task.id);
    }
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  filePath(taskId: number): string {
    return join(this.options.dir, `${taskId}.zip`);
  }

  /** Packs the task (again) once a place is free; a job under way for it is abandoned first. */
  enqueue(taskId: number): void {
    if (this.closed) return;
    this.running.get(taskId)?.controller.abort();
    if (!this.queue.includes(taskId)) this.queue.push(taskId);
    this.pump();
  }

  /** Removes an old package file (its task was repacked or expired). */
  async removeFile(taskId: number): Promise<void> {
    await rm(this.filePath(taskId), { force: true });
  }

  /** Stops every job (each stops at its next step) and waits a little for them. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    this.queue.length = 0;
    const jobs = [...this.running.values()];
    for (const job of jobs) job.controller.abort();
    await Promise.race([Promise.all(jobs.map((job) => job.done)), sleep(CLOSE_WAIT_MS, undefined, { ref: false })]);
  }

  private pump(): void {
    const limit = this.options.concurrency ?? 2;
    while (this.running.size < limit) {
      const at = this.queue.findIndex((id) => !this.running.has(id));
      if (at === -1) return;
      const [taskId] = this.queue.splice(at, 1) as [number];
      const controller = new AbortController();
      const done = this.run(taskId, controller.signal)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) this.options.log(`package ${taskId}: ${String(error)}`);
        })
        .finally(() => {
          this.running.delete(taskId);
          this.pump();
        });
      this.running.set(taskId, { controller, done });
    }
  }

  private async run(taskId: number, signal: AbortSignal): Promise<void> {
    const { tasks, studies, archive, minMs, dir, log } = this.options;
    const task = tasks.byId(taskId);
    if (!task || task.state !== 'queued') return;
    const study = studies.findById(task.studyId);
    const objects = study ? archive.objectsOf(study.studyUId) : undefined;
    if (!study || !objects || objects.length === 0) {
      tasks.markFailed(taskId, NO_IMAGES);
      return;
    }
    tasks.markPacking(taskId);
    const started = Date.now();
    let shown = 0;
    /** Waits until `fraction` of the minimum time has passed, writing progress as it goes. */
    const pace = async (fraction: number) => {
      for (;;) {
        signal.throwIfAborted();
        const elapsed = minMs > 0 ? (Date.now() - started) / minMs : 1;
        const value = Math.floor(WORK_SHARE * Math.min(fraction, elapsed));
        if (value > shown) {
          shown = value;
          tasks.setProgress(taskId, value);
        }
        if (elapsed >= fraction) return;
        await sleep(Math.max(1, Math.min(TICK_MS, (fraction - elapsed) * minMs)), undefined, { signal });
      }
    };
    const part = join(dir, `${taskId}.${randomBytes(4).toString('hex')}.part`);
    try {
      const sizeBytes = await buildPackage(part, {
        archive,
        objects,
        format: task.format,
        desensitize: task.desensitize,
        pseudonym: this.pseudonym,
        step: async (done, total) => {
          await nextTurn();
          await pace(done / total);
        },
      });
      await pace(1);
      await rename(part, this.filePath(taskId));
      if (signal.aborted) return;
      tasks.markReady(taskId, { fileName: packageFileName(study, task).name, sizeBytes });
      log(`package ${taskId}: ready (${task.format}${task.desensitize ? ', desensitized' : ''}, ${objects.length} objects, ${sizeBytes} bytes, ${Date.now() - started} ms)`);
    } catch (error) {
      await rm(part, { force: true });
      if (signal.aborted) return;
      log(`package ${taskId}: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      tasks.markFailed(taskId, PACKING_FAILED);
    }
  }

  /** Removes the files of packages past their expiry (their rows and download records stay). */
  private async sweep(): Promise<void> {
    try {
      for (const id of this.options.tasks.expiredReadyIds()) await this.removeFile(id);
    } catch (error) {
      if (!this.closed) this.options.log(`packages: could not remove expired files: ${String(error)}`);
    }
  }
}
