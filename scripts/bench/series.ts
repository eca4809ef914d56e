/**
 * The series the viewer bench loads: the sandbox's longest CT series of patient1 (the newest CT
 * chest study has 300 slices), found through the API as the app finds it; or, where the sandbox
 * serves no such series yet, a synthetic one of the same size, said so in the output.
 */
import type { Page } from '@playwright/test';
import { accessToken, apiGet } from './sandboxSession';
import { syntheticSlice } from './syntheticSeries';

export interface BenchSeries {
  /** What it is, for the printout. */
  label: string;
  /** Slice addresses (relative to the bench server's origin), in slice order. */
  urls: string[];
  /** Files the bench server serves from memory (a synthetic series), by path. */
  files: Map<string, Uint8Array>;
  /** What the bench server adds to the requests it passes to the sandbox: the patient's token, which every image needs. */
  upstreamHeaders: Record<string, string>;
}

interface StudyRow {
  collectFilmId: string | number;
  modality: string;
  studyDate: string;
}
interface FilmDetail {
  imServerUrl: string;
  studyUId: string;
  orgCode: string;
}
interface StudyImages {
  series: { seriesUid: string; modality: string; description?: string | null; instances: { sopUid: string; instanceNumber: number }[] }[];
}

/** The WADO-URI address of one instance (PS3.18 9), path and query only, so it goes through the bench server. */
function wadoUrl(base: string, studyUid: string, seriesUid: string, objectUid: string): string {
  const url = new URL(base);
  url.search = new URLSearchParams({ requestType: 'WADO', studyUID: studyUid, seriesUID: seriesUid, objectUID: objectUid, contentType: 'application/dicom' }).toString();
  return `${url.pathname}${url.search}`;
}

/** The longest CT series of the signed-in patient's studies, newest study first; null if the sandbox has none. */
export async function sandboxSeries(page: Page, base: string): Promise<BenchSeries | null> {
  let rows: StudyRow[];
  try {
    rows = (await apiGet<{ rows: StudyRow[] }>(page, base, 'V1.0/Package/HospitalStudyList', { pageIndex: 1, pageLength: 50 })).rows;
  } catch {
    return null;
  }
  let best: BenchSeries | null = null;
  for (const row of rows.filter((r) => r.modality.includes('CT')).sort((a, b) => b.studyDate.localeCompare(a.studyDate))) {
    try {
      const detail = await apiGet<FilmDetail>(page, base, 'V1.0/Package/HospitalStudyImageList', { CollectId: row.collectFilmId });
      const images = await apiGet<StudyImages>(page, base, 'V1.0/Package/GetPatientStudyImageList', { studyUId: detail.studyUId, hospId: detail.orgCode });
      for (const series of images.series) {
        if (series.modality !== 'CT' || series.instances.length <= (best?.urls.length ?? 0)) continue;
        const instances = [...series.instances].sort((a, b) => a.instanceNumber - b.instanceNumber);
        best = {
          label: `the sandbox's CT series "${series.description ?? series.seriesUid}" (study ${row.studyDate}, ${instances.length} slices, WADO-URI)`,
          urls: instances.map((i) => wadoUrl(detail.imServerUrl, detail.studyUId, series.seriesUid, i.sopUid)),
          files: new Map(),
          upstreamHeaders: { authorization: `Bearer ${await accessToken(page)}` },
        };
      }
    } catch {
      // A study the sandbox cannot list images for yet: look at the next.
    }
  }
  return best;
}

/** `count` synthetic slices of `size`×`size`, served from memory. */
export function syntheticSeries(count = 300, size = 256): BenchSeries {
  const files = new Map<string, Uint8Array>();
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const path = `/synthetic/${i + 1}.dcm`;
    files.set(path, syntheticSlice(i, count, size).bytes);
    urls.push(path);
  }
  return { label: `a synthetic CT series (${count} slices of ${size}×${size}, 16-bit, explicit VR little endian)`, urls, files, upstreamHeaders: {} };
}
