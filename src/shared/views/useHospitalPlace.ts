import { useMemo, type MouseEvent } from 'react';
import type { HospitalSetting } from '../api/schemas';
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
 * The hospital's place (issue 14, map): its address, and "open in map": inside WeChat WeChat's own
 * map (the port's openLocation; the map site when WeChat cannot show it), elsewhere the map site in
 * a new tab. Null when the setting has no address.
 */
export function useHospitalPlace() {
  const setting = useClientState((state) => state.hospitalSetting);
  const { wechat } = useServices();
  return useMemo(() => {
    if (!setting?.address) return null;
    const place = placeOf(setting);
    const mapHref = place && mapSiteHref(place);
    return {
      name: setting.hospitalName,
      address: setting.address,
      /** The map site's address of the place; null without coordinates (nothing to open). */
      mapHref,
      openInMap: (event: MouseEvent) => {
        if (!place || !mapHref || !isWeChat(window.navigator.userAgent)) return;
        event.preventDefault();
        void wechat.openLocation(place).then((outcome) => {
          if (outcome !== 'opened') window.location.assign(mapHref);
        });
      },
    };
  }, [setting, wechat]);
}
