/**
 * "Open in map" on the hospital's place (issue 14, map): inside WeChat, WeChat's own map; when
 * WeChat cannot show it, the map site instead. Outside WeChat the link opens the map site in a
 * new tab by itself, and the chart has nothing to do.
 */

/** A place on a map (the hospital's, from its setting). */
export interface PlaceLike {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

/** What WeChat's map answered. */
export type MapOutcome = 'opened' | 'failed' | 'unavailable';

export interface HospitalMapInput {
  place: PlaceLike;
  /** The map site's page of the place. */
  mapHref: string;
  /** Inside WeChat's browser, where WeChat's own map can show the place. */
  inWeChat: boolean;
}

export type HospitalMapContext = HospitalMapInput;

export type HospitalMapEvent =
  /** The patient taps "open in map". */
  { type: 'OPEN' };
