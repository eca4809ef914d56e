import type { RenderedImage, SeriesThumbnail } from '../../src/shared/api/studySchemas';
import { DicomCache, readPreview, readTemplateFile } from './cache';
import type { SeriesFiles } from './cache';
import { catalogue, seriesThumbnails, templatesOf, UNSUPPORTED_SYNTAX_UID } from './catalogue';
import type { CatalogueInstance, CatalogueSeries } from './catalogue';
import { compose, withTransferSyntax } from './compose';
import type { StudyValues } from './compose';
import { LUNG_NODULE } from './phantomTorso';
import { filmJpeg, filmSize, keyImageJpeg, pictureJpeg } from './render';
import type { Picture, Tile } from './render';
import type { ArchiveStudy } from './studies';
import { uidFor } from './uids';

/**
 * The sandbox's image archive: finds an object by its UIDs, composes its DICOM file from the
 * cached template, renders JPEGs (WADO image/jpeg, thumbnails, film sheets, key images). One
 * archive serves the sandbox's WADO route and image calls, another the plain WADO server.
 */

export interface ArchiveOptions {
  /** The cache root (dicomCacheRoot()); the generator version is a folder inside. */
  cacheRoot: string;
  /** The archive's studies, wherever they live (the sandbox's database, the demo data). */
  studies: {
    byUid(studyUid: string): ArchiveStudy | undefined;
    /** Newest first: the order the cache is warmed in. */
    all(): ArchiveStudy[];
  };
  /** Test-only faults: catalogue.ts FAULT_STUDY, and wadoUri.ts's `fault` query flag. */
  faults: boolean;
  /** Whether the server generates every series in the background once it is ready. */
  warmUp?: boolean;
}

export interface Located {
  study: ArchiveStudy;
  series: CatalogueSeries;
  instance: CatalogueInstance;
}

/** Bounded memory for composed files and rendered JPEGs, least recently used out first. */
class ByteCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(private readonly limit: number) {}

  get(key: string): Uint8Array | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Uint8Array): void {
    if (value.length > this.limit / 4) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.limit) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
  }
}

function dicomDate(date: string): string {
  return date.replaceAll('-', '');
}

function dicomTime(time: string): string {
  return time.replaceAll(':', '').slice(0, 6);
}

export function studyValues(study: ArchiveStudy, series: CatalogueSeries, instance: CatalogueInstance): StudyValues {
  return {
    StudyInstanceUID: study.studyUId,
    SeriesInstanceUID: series.seriesUid,
    SOPInstanceUID: instance.sopUid,
    MediaStorageSOPInstanceUID: instance.sopUid,
    FrameOfReferenceUID: uidFor(`${study.studyUId}/frame-of-reference`),
    PatientName: study.patientName,
    PatientID: study.patientId,
    PatientBirthDate: dicomDate(study.patientBirthDate),
    PatientSex: study.patientSex,
    PatientAge: study.patientAge,
    StudyDate: dicomDate(study.studyDate),
    SeriesDate: dicomDate(study.studyDate),
    ContentDate: dicomDate(study.studyDate),
    StudyTime: dicomTime(study.studyTime),
    SeriesTime: dicomTime(study.studyTime),
    ContentTime: dicomTime(study.studyTime),
    AccessionNumber: study.accessionNumber,
    InstitutionName: study.institutionName,
    StudyID: study.accessionNumber.slice(-8),
    SeriesNumber: String(series.seriesNumber),
  };
}

/** A film sheet or key image of a study, and how to draw it. */
interface RenderPlan {
  name: string;
  title: string;
  width: number;
  height: number;
  draw(): Promise<Uint8Array>;
}

export class DicomArchive {
  readonly cache: DicomCache;
  private readonly catalogues = new Map<string, CatalogueSeries[]>();
  private readonly memory = new ByteCache(96 * 1024 * 1024);
  private readonly warming = new AbortController();

  constructor(private readonly options: ArchiveOptions) {
    this.cache = new DicomCache(options.cacheRoot);
  }

  get faults(): boolean {
    return this.options.faults;
  }

  get warmsUp(): boolean {
    return this.options.warmUp ?? false;
  }

  seriesOf(study: ArchiveStudy): CatalogueSeries[] {
    let series = this.catalogues.get(study.studyUId);
    if (!series) {
      series = catalogue(study, { faults: this.options.faults });
      this.catalogues.set(study.studyUId, series);
    }
    return series;
  }

  locate(studyUid: string, seriesUid: string, sopUid: string): Located | undefined {
    const study = this.options.studies.byUid(studyUid);
    if (!study) return undefined;
    const series = this.seriesOf(study).find((s) => s.seriesUid === seriesUid);
    const instance = series?.instances.find((i) => i.sopUid === sopUid);
    return series && instance ? { study, series, instance } : undefined;
  }

  /**
   * Every object of the study, series by series, in instance order, for a download package; the
   * test-only faulty instances are left out (no viewer could open them). Undefined for a study the
   * archive does not have.
   */
  objectsOf(studyUid: string): Located[] | undefined {
    const study = this.options.studies.byUid(studyUid);
    if (!study) return undefined;
    return this.seriesOf(study).flatMap((series) => series.instances.filter((instance) => !instance.fault).map((instance) => ({ study, series, instance })));
  }

  /** The series' generated files; the first call for a series not yet in the cache generates it. */
  files(series: CatalogueSeries): Promise<SeriesFiles> {
    return this.cache.series(series.template);
  }

  /** The object's Part 10 file (faulty on purpose for the fault instances). */
  async dicom({ study, series, instance }: Located): Promise<Uint8Array> {
    const key = `dcm:${instance.sopUid}`;
    const kept = this.memory.get(key);
    if (kept) return kept;
    const files = await this.files(series);
    const entry = files.manifest.instances[instance.templateIndex];
    if (!entry) throw new Error(`archive: ${series.template.key} has no instance ${instance.templateIndex}`);
    const template = await readTemplateFile(files, instance.templateIndex);
    let file = compose(template, entry.patches, studyValues(study, series, instance), files.manifest.syntaxUid);
    if (instance.fault === 'truncated') file = file.subarray(0, Math.floor(file.length * 0.6));
    if (instance.fault === 'unsupportedSyntax') file = withTransferSyntax(file, UNSUPPORTED_SYNTAX_UID);
    this.memory.set(key, file);
    return file;
  }

  /** One frame's preview in the series' default window (or the given preview window). */
  async picture(series: CatalogueSeries, instance: CatalogueInstance, frame = 1, previewWindow = 0): Promise<Picture> {
    const files = await this.files(series);
    const { rows, columns, channels, previewsPerInstance } = files.manifest;
    const which = channels === 3 ? frame - 1 : previewWindow < previewsPerInstance ? previewWindow : 0;
    const pixels = await readPreview(files, instance.templateIndex, which);
    return { pixels, rows, columns, channels };
  }

  /**
   * The frame as a JPEG (WADO-URI contentType=image/jpeg), fitted to rows × columns when given;
   * undefined for the fault instances, which a real archive could not render either.
   */
  async jpeg(located: Located, size: { rows?: number; columns?: number; frame?: number; previewWindow?: number } = {}): Promise<Uint8Array | undefined> {
    const { series, instance } = located;
    if (instance.fault) return undefined;
    const key = `jpg:${instance.sopUid}:${size.frame ?? 1}:${size.rows ?? ''}x${size.columns ?? ''}:${size.previewWindow ?? 0}`;
    const kept = this.memory.get(key);
    if (kept) return kept;
    const picture = await this.picture(series, instance, size.frame, size.previewWindow);
    const { jpeg } = await pictureJpeg(picture, size.rows, size.columns);
    this.memory.set(key, jpeg);
    return jpeg;
  }

  /** Each series' thumbnail (see seriesThumbnails). */
  thumbnails(study: ArchiveStudy, wadoUrl: string): SeriesThumbnail[] {
    return seriesThumbnails(study, wadoUrl, { faults: this.options.faults });
  }

  /** The study's film sheets and key images (ElectImages), with their paths under `base`. */
  renderedImages(study: ArchiveStudy, base: string): { films: RenderedImage[]; hdImages: RenderedImage[] } {
    const describe = (plan: RenderPlan): RenderedImage => ({ url: `${base}/${plan.name}.jpg`, width: plan.width, height: plan.height, title: plan.title });
    return { films: this.filmPlans(study).map(describe), hdImages: this.keyImagePlans(study).map(describe) };
  }

  /** A film sheet or key image as a JPEG; undefined for a name the study does not have. */
  async renderedImage(study: ArchiveStudy, name: string): Promise<Uint8Array | undefined> {
    const plan = [...this.filmPlans(study), ...this.keyImagePlans(study)].find((p) => p.name === name);
    if (!plan) return undefined;
    const key = `render:${study.studyUId}:${name}`;
    const kept = this.memory.get(key);
    if (kept) return kept;
    const jpeg = await plan.draw();
    this.memory.set(key, jpeg);
    return jpeg;
  }

  /** Generates, one after another, every series the archive's studies use that is not cached yet. */
  async warmUp(log: (message: string) => void = () => {}): Promise<void> {
    const signal = this.warming.signal;
    for (const template of templatesOf(this.options.studies.all())) {
      if (signal.aborted) return;
      if (await this.cache.has(template)) continue;
      const started = Date.now();
      try {
        await this.cache.series(template, signal);
        log(`dicom: generated ${template.key} (${template.instances} instances) in ${Date.now() - started} ms`);
      } catch (error) {
        if (signal.aborted) return;
        log(`dicom: could not generate ${template.key}: ${String(error)}`);
      }
    }
    await this.cache.pruneOldVersions().catch(() => {});
  }

  /** Stops the background warm-up; a series under way is left to the next process. */
  close(): void {
    this.warming.abort();
  }

  private tile(study: ArchiveStudy, series: CatalogueSeries, instance: CatalogueInstance, picture: Picture, previewWindow: number, frame?: number): Tile {
    const template = series.template;
    const window = template.windows[previewWindow];
    const z = template.axial?.z(instance.templateIndex);
    return {
      picture,
      corners: [
        `SE:${series.seriesNumber} IM:${instance.instanceNumber}${frame ? ` F:${frame}` : ''}`,
        window ? `W:${window.width} L:${window.center}` : template.modality,
        z === undefined ? template.description : `Z:${z.toFixed(1)}MM`,
        `${study.patientSex} ${study.patientAge}`,
      ],
      pixelSpacingMm: template.pixelSpacingMm,
      sides: template.axial !== undefined,
    };
  }

  private filmPlans(study: ArchiveStudy): RenderPlan[] {
    const plans: RenderPlan[] = [];
    const header = (series: CatalogueSeries) => ({
      title: `${study.accessionNumber}  ${study.studyDate}  ${series.template.modality} ${series.template.description}`,
      subtitle: `ID:${study.patientId}  ${study.patientSex} ${study.patientAge}  ${study.studyTime}  CLOUD FILM DEMO`,
    });
    const add = (series: CatalogueSeries, previewWindow: number, columns: number, most: number, picks: { instance: CatalogueInstance; frame?: number }[]) => {
      const { template } = series;
      const rows = Math.min(most, Math.ceil(picks.length / columns));
      const width = template.modality === 'DX' ? 1200 : 1600;
      const size = filmSize({ width, columns, rows }, template.rows / template.columns);
      const window = template.windows[previewWindow];
      plans.push({
        name: `film-${plans.length + 1}`,
        title: `${template.description}${window ? ` ${window.name}` : ''}`,
        width: size.width,
        height: size.height,
        draw: async () => {
          const tiles = await Promise.all(
            picks.map(async ({ instance, frame }) =>
              this.tile(study, series, instance, await this.picture(series, instance, frame, previewWindow), previewWindow, frame),
            ),
          );
          return filmJpeg({ width, columns, rows, ...header(series), tiles });
        },
      });
    };
    for (const series of this.seriesOf(study)) {
      const good = series.instances.filter((i) => !i.fault);
      const { template } = series;
      if (template.modality === 'DX') add(series, 0, 1, 1, good.slice(0, 1).map((instance) => ({ instance })));
      else if (template.modality === 'US') add(series, 0, 2, 2, [1, 6, 11, 16].map((frame) => ({ instance: good[0] as CatalogueInstance, frame })));
      else {
        const [columns, rows] = template.modality === 'MR' ? [4, 6] : [4, 5];
        const picks = spread(good, columns * rows).map((instance) => ({ instance }));
        const windows = template.key.startsWith('ct-chest') ? Math.min(2, template.windows.length) : 1;
        for (let w = 0; w < windows; w++) add(series, w, columns, rows, picks);
      }
      if (plans.length >= 4) break;
    }
    return plans;
  }

  private keyImagePlans(study: ArchiveStudy): RenderPlan[] {
    const [series] = this.seriesOf(study);
    if (!series) return [];
    const { template } = series;
    const good = series.instances.filter((i) => !i.fault);
    let picks: { instance: CatalogueInstance; frame?: number }[];
    if (template.modality === 'US') picks = [1, 8, 15].map((frame) => ({ instance: good[0] as CatalogueInstance, frame }));
    else if (template.modality === 'DX') picks = good.slice(0, 1).map((instance) => ({ instance }));
    else {
      picks = spread(good.slice(Math.floor(good.length * 0.2), Math.ceil(good.length * 0.8)), 4).map((instance) => ({ instance }));
      // A chest CT's key images start with the nodule.
      const axial = template.axial;
      if (axial && template.key.startsWith('ct-chest')) {
        const nodule = good.find((i) => Math.abs(axial.z(i.templateIndex) - LUNG_NODULE.z) < 0.01);
        if (nodule) picks = [{ instance: nodule }, ...picks.slice(0, 3)];
      }
    }
    return picks.map(({ instance, frame }, i) => ({
      name: `hd-${i + 1}`,
      title: `${template.description} IM:${instance.instanceNumber}${frame ? ` F:${frame}` : ''}`,
      width: template.columns,
      height: template.rows,
      draw: async () => keyImageJpeg(this.tile(study, series, instance, await this.picture(series, instance, frame, 0), 0, frame)),
    }));
  }
}

/** `count` items spread evenly from first to last. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))] as T);
}
