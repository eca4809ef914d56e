import { useMemo, type MouseEvent } from 'react';
import { fromPromise } from 'xstate';
import { connectHospitalMap } from '../../../machines/hospitalMap/hospitalMap.connect';
import { hospitalMapMachine } from '../../../machines/hospitalMap/hospitalMap.machine';
import type { MapOutcome, PlaceLike } from '../../../machines/hospitalMap/hospitalMap.types';
import type { HospitalSetting } from '../api/schemas';
import { useAppMachine } from '../charts/useAppMachine';
import { isWeChat } from '../platform/wechat';
import type { Place } from '../platform/wechatPlaces';
import { useClientState, useServices } from '../services';

/** The hospital as a place on a map, when its setting has an address and both coordinates. */
function placeOf(setting: HospitalSetting | null): Place | null {
  if (!setting?.address || typeof setting.latitude !== 'number' || typeof setting.longitude !== 'number') return null;
  return { name: setting.hospitalName, address: setting.address, latitude: setting.latitude, longitude: setting.longitude };
}

/** A map site's page of the place (Amap's marker URI: longitude first, GCJ-02 like WeChat's map). */
function mapSiteHref(place: Place): string {
  return `https://uri.amap.com/marker?position=${place.longitude},${place.latitude}&name=${encodeURIComponent(place.name)}`;
}

/**
 * The hospital's place (issue 14, map): its address, and where it is on a map (null without
 * coordinates: nothing to open). Null when the setting has no address.
 */
export function useHospitalPlace() {
  const setting = useClientState((state) => state.hospitalSetting);
  return useMemo(() => {
    if (!setting?.address) return null;
    const place = placeOf(setting);
    return { name: setting.hospitalName, address: setting.address, map: place && { place, href: mapSiteHref(place) } };
  }, [setting]);
}

/**
 * "Open in map": the hospitalMap chart with WeChat's map (the port's openLocation) and the map
 * site as the way out when WeChat cannot show the place. Outside WeChat the link opens the map
 * site in a new tab by itself.
 */
export function useHospitalMap(place: PlaceLike, href: string) {
  const { wechat } = useServices();
  const machine = useMemo(
    () =>
      hospitalMapMachine.provide({
        actors: { openLocation: fromPromise<MapOutcome, PlaceLike>(({ input }) => wechat.openLocation(input)) },
        actions: { openMapSite: (_, { href: site }) => window.location.assign(site) },
      }),
    [wechat],
  );
  const [snapshot, send] = useAppMachine(machine, { input: { place, mapHref: href, inWeChat: isWeChat(window.navigator.userAgent) } });
  return useMemo(() => {
    const view = connectHospitalMap(snapshot, send);
    return {
      ...view,
      /** The link's tap: the chart's when it opens the place here (WeChat's map), else the link's own. */
      openInMap: (event: MouseEvent) => {
        if (!view.opensHere) return;
        event.preventDefault();
        view.open();
      },
    };
  }, [snapshot, send]);
}
