import type { ViewerQuery } from '../../../machines/viewer/viewer.types';

/** Images fetched and decoded at once: enough to keep the network busy, few enough that the slice on screen never waits long. */
export const CONCURRENCY = 3;

const MB = 1024 * 1024;

/**
 * Decoded pixels kept, by the device's memory where the browser tells it (Chrome's deviceMemory,
 * in GB): a 512 x 512 CT slice is 1 MB, so a 2 GB phone keeps 128 slices around the one on screen.
 */
export function cacheBudget(deviceMemoryGb: number | undefined): number {
  if (deviceMemoryGb === undefined) return 160 * MB;
  if (deviceMemoryGb <= 2) return 128 * MB;
  if (deviceMemoryGb <= 4) return 256 * MB;
  return 384 * MB;
}

/** The viewer's query as the chart reads it. */
export function viewerQuery(search: string): ViewerQuery {
  const params = new URLSearchParams(search);
  return {
    checkWay: params.get('checkWay'),
    result: params.get('result'),
    showAi: params.get('showAi'),
    wadourl: params.get('wadourl'),
    studyuid: params.get('studyuid'),
    hospid: params.get('hospid'),
    series: params.get('series'),
  };
}
