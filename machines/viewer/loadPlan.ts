import { CINE_MODALITIES } from '../cine/cine.types';
import type { ImageRef, ImageState, SeriesStack, StudyStack } from './viewer.types';

/**
 * Which images to load, abandon and drop, from where the patient is (issue 12): the slice on screen
 * first, then outward from it; a few at a time; as many as the cache holds, so a long series
 * keeps the slices nearest the patient and drops the farthest. Pure: the chart applies it.
 */
export interface PlanInput {
  study: StudyStack;
  seriesIndex: number;
  sliceIndex: number;
  images: Readonly<Record<string, ImageState>>;
  concurrency: number;
  cacheBytes: number;
}

export interface LoadPlan {
  /** Idle images to load now, nearest first. */
  start: ImageRef[];
  /** Loads no longer wanted: stop them (their images become idle). */
  abandon: string[];
  /** Decoded images to drop from the cache (they become idle), farthest first. */
  evict: string[];
}

/** Slice indexes of a stack of `count`, from `at` outward: at, at+1, at-1, at+2, ... */
export function outward(count: number, at: number): number[] {
  const order = [at];
  for (let step = 1; order.length < count; step++) {
    if (at + step < count) order.push(at + step);
    if (at - step >= 0) order.push(at - step);
  }
  return order;
}

/**
 * Cine (issue 25 §4): a series that is one ultrasound or angiography clip loops while it plays, so
 * its frames load ahead of the one on screen and round the loop (at, at+1, ..., last, first, ...,
 * at-1); a clip longer than the cache keeps the frames playback needs next. Other stacks: outward.
 */
export function loadOrder(series: SeriesStack, at: number): number[] {
  const { images } = series;
  const clip = CINE_MODALITIES.has(series.modality.toUpperCase()) && images.every((image) => image.sopUid === images[0]!.sopUid);
  return clip ? images.map((_, step) => (at + step) % images.length) : outward(images.length, at);
}

/** An image's status; one the map does not hold is idle. */
export const statusOf = (images: Readonly<Record<string, ImageState>>, key: string) => images[key]?.status ?? 'idle';

export function planLoads(input: PlanInput): LoadPlan {
  const { study, seriesIndex, sliceIndex, images, concurrency, cacheBytes } = input;
  const series = study.series[seriesIndex]!.images;
  const order = loadOrder(study.series[seriesIndex]!, sliceIndex).map((i) => series[i]!);
  const rank = new Map(order.map((ref, i) => [ref.key, i]));
  const sizes = Object.values(images).flatMap((state) => (state.status === 'ready' ? [state.bytes] : []));
  const used = sizes.reduce((sum, bytes) => sum + bytes, 0);
  // Until an image has arrived its size is unknown; the first ones tell the rest.
  const estimate = sizes.length ? used / sizes.length : 0;

  // Wanted: nearest first, as far as the cache holds them; the slice on screen always. A failed
  // image is not tried again unless the patient asks.
  const wanted: ImageRef[] = [];
  let planned = 0;
  for (const ref of order) {
    const state = images[ref.key];
    if (state?.status === 'failed') continue;
    const cost = state?.status === 'ready' ? state.bytes : estimate;
    if (wanted.length > 0 && planned + cost > cacheBytes) break;
    planned += cost;
    wanted.push(ref);
  }
  const wantedKeys = new Set(wanted.map((ref) => ref.key));

  const loading = Object.keys(images).filter((key) => statusOf(images, key) === 'loading');
  const abandon = loading.filter((key) => !wantedKeys.has(key));
  const inFlight = loading.filter((key) => wantedKeys.has(key)).sort((a, b) => rank.get(a)! - rank.get(b)!);
  const current = order[0]!;
  const currentStatus = statusOf(images, current.key);
  // The slice on screen never waits behind farther ones: the farthest loads give way.
  if (currentStatus === 'idle') abandon.push(...inFlight.splice(concurrency - 1));

  // Until the slice on screen is shown, nothing new starts beside it: it has the network to itself.
  const start =
    currentStatus === 'idle'
      ? [current]
      : currentStatus === 'loading'
        ? []
        : wanted.filter((ref) => statusOf(images, ref.key) === 'idle').slice(0, Math.max(0, concurrency - inFlight.length));

  // Room for what is coming: drop decoded images outside the wanted ones, farthest (other series) first.
  const incoming = (inFlight.length + start.length) * estimate;
  const droppable = Object.entries(images)
    .flatMap(([key, state]) => (state.status === 'ready' && !wantedKeys.has(key) ? [{ key, bytes: state.bytes }] : []))
    .sort((a, b) => (rank.get(b.key) ?? Infinity) - (rank.get(a.key) ?? Infinity));
  const evict: string[] = [];
  let kept = used;
  for (const { key, bytes } of droppable) {
    if (kept + incoming <= cacheBytes) break;
    kept -= bytes;
    evict.push(key);
  }
  return { start, abandon, evict };
}
