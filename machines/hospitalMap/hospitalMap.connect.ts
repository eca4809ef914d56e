import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { HospitalMapMachine } from './hospitalMap.machine';

/** What "open in map" needs. */
export function connectHospitalMap(snapshot: SnapshotFrom<HospitalMapMachine>, send: ActorRefFrom<HospitalMapMachine>['send']) {
  return {
    state: String(snapshot.value),
    place: snapshot.context.place,
    /** A tap is the chart's (WeChat's map), not the link's: the link must not open the map site itself. */
    opensHere: snapshot.context.inWeChat,
    isOpening: snapshot.matches('opening'),
    open: () => send({ type: 'OPEN' }),
  };
}
export type HospitalMapView = ReturnType<typeof connectHospitalMap>;
