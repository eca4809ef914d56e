import { Activity, useState, type ReactNode } from 'react';
import type { RouteDef, RouteName } from '../shared/navigation/routes';

/**
 * Kept-alive routes (myImageList, myStudyList) stay mounted but hidden while the patient is
 * elsewhere, so they come back with their items, tab and machine state, without refetching.
 */
export function KeepAliveOutlet({ route, outlet }: { route: RouteDef | undefined; outlet: ReactNode }) {
  const [kept, setKept] = useState<ReadonlyMap<RouteName, ReactNode>>(new Map());
  if (route?.keepAlive && !kept.has(route.name)) {
    setKept(new Map(kept).set(route.name, outlet));
  }
  return (
    <>
      {[...kept].map(([name, element]) => (
        <Activity key={name} mode={name === route?.name ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {!route?.keepAlive && outlet}
    </>
  );
}
