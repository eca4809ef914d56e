import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP written to disk as entries are added (fflate's streaming Zip), so a package of hundreds of
 * files never sits in memory whole. Each `add` resolves once the entry's bytes are on disk.
 */
export class ZipFileWriter {
  private readonly zip: Zip;
  private writes: Promise<unknown> = Promise.resolve();
  private failure: Error | undefined;
  private size = 0;
  private ended: (() => void) | undefined;

  private constructor(private readonly handle: FileHandle) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure = error;
        return;
      }
      this.size += chunk.length;
      this.writes = this.writes.then(() => handle.write(chunk));
      if (final) this.ended?.();
    });
  }

  static async create(path: string): Promise<ZipFileWriter> {
    return new ZipFileWriter(await open(path, 'w'));
  }

  /** Adds a file; `compress` deflates it (worth it for uncompressed DICOM, not for JPEG). */
  async add(name: string, bytes: Uint8Array, { compress }: { compress: boolean }): Promise<void> {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(entry);
    entry.push(bytes, true);
    await this.settle();
  }

  /** Writes the central directory and closes the file; answers the ZIP's size in bytes. */
  async finish(): Promise<number> {
    const ended = new Promise<void>((resolve) => (this.ended = resolve));
    this.zip.end();
    await ended;
    await this.settle();
    await this.handle.close();
    return this.size;
  }

  /** Stops writing and closes the file (the caller removes it). */
  async abort(): Promise<void> {
    this.zip.terminate();
    await this.writes.catch(() => {});
    await this.handle.close().catch(() => {});
  }

  private async settle(): Promise<void> {
    await this.writes;
    if (this.failure) throw this.failure;
  }
}
