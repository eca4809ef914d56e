import type { HospitalMapInput } from './hospitalMap.types';

/** Inside WeChat, with the sandbox hospital's place. */
export const hospitalMapInput: HospitalMapInput = {
  place: { name: '云胶片示范医院', address: '上海市徐汇区示范路 1 号', latitude: 31.19325, longitude: 121.43752 },
  mapHref: 'https://uri.amap.com/marker?position=121.43752,31.19325&name=%E4%BA%91',
  inWeChat: true,
};

/** Outside WeChat: the link does it all. */
export const hospitalMapOutsideInput: HospitalMapInput = { ...hospitalMapInput, inWeChat: false };

/** The hospital map's events for path generation: the tap, and every answer of WeChat's map. */
export const hospitalMapEvents = [
  { type: 'OPEN' },
  { type: 'xstate.done.actor.openLocation', output: 'opened' },
  { type: 'xstate.done.actor.openLocation', output: 'failed' },
  { type: 'xstate.done.actor.openLocation', output: 'unavailable' },
  { type: 'xstate.error.actor.openLocation', error: new Error('wx bridge') },
];
