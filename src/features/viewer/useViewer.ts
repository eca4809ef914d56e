import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { connectViewer, type ViewerView } from '../../../machines/viewer/viewer.connect';
import { viewerMachine } from '../../../machines/viewer/viewer.machine';
import type { ViewerQuery } from '../../../machines/viewer/viewer.types';
import { connectViewerViewport } from '../../../machines/viewer/viewerViewport.connect';
import type { ViewerViewportMachine } from '../../../machines/viewer/viewerViewport.machine';
import type { PresetId, Window } from '../../../machines/viewer/viewerViewport.types';
import { useReportFailure } from '../../shared/api/useReportFailure';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { allowedArchiveOrigins } from '../../shared/config/imageArchives';
import { useServices } from '../../shared/services';
import { createDecoder } from './dicom/decoderClient';
import { createImageLoader, type FrameDecoder } from './imageLoader';
import { createImageStore, type ImageStore } from './imageStore';
import { loadStudy } from './viewerCalls';
import { cacheBudget, CONCURRENCY } from './viewerSettings';
import { effectiveWindow } from './windowing';

/** A decoder made on first use and disposed with the screen (made again if the screen comes back, as React's strict mode does). */
function lazyDecoder(): FrameDecoder {
  let decoder: FrameDecoder | null = null;
  return {
    decode: (bytes, frameIndex, signal) => (decoder ??= createDecoder()).decode(bytes, frameIndex, signal),
    dispose: () => {
      decoder?.dispose();
      decoder = null;
    },
  };
}

/**
 * The viewer's wiring: the chart with its calls (the study image list, each image fetched from the
 * archive and decoded off the main thread), the pixel store the chart keeps within its cap, and for
 * the view the chart's values and intents. The link is read once: another link is another screen.
 * `onSliceMoved` hears where the slice on screen is when it is shown or the patient moves it (the
 * comparison with the prior study, issue 27 §3).
 */
export function useViewer(query: ViewerQuery, onSliceMoved?: (position: number | null) => void) {
  const { api, config } = useServices();
  const reportFailure = useReportFailure();
  const [store] = useState(createImageStore);
  const [decoder] = useState(lazyDecoder);
  const logic = useMemo(
    () =>
      viewerMachine.provide({
        actors: {
          loadStudy: fromPromise(({ input, signal }) => loadStudy(api, input, signal)),
          loadImage: createImageLoader({
            fetch: (url, init) => fetch(url, init),
            decoder,
            store,
            archives: config.imageArchives,
            appOrigin: window.location.origin,
            credentialsFor: (url, sessionArchive) => api.credentialsFor(url, sessionArchive),
            online: () => navigator.onLine,
          }),
        },
        actions: {
          reportFailure: (_, { error }) => reportFailure(error),
          dropImages: (_, { keys }) => store.drop(keys),
          sliceMoved: (_, { position }) => onSliceMoved?.(position),
        },
      }),
    [api, config, decoder, store, reportFailure, onSliceMoved],
  );
  const [snapshot, send] = useAppMachine(logic, {
    input: {
      appOrigin: window.location.origin,
      archiveOrigins: allowedArchiveOrigins(config),
      concurrency: CONCURRENCY,
      cacheBytes: cacheBudget((navigator as Navigator & { deviceMemory?: number }).deviceMemory),
      reducedMotion: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
    },
  });
  useEffect(() => {
    send({ type: 'OPEN', query });
    // Once per screen: the chart ignores an OPEN once it has its link.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(
    () => () => {
      decoder.dispose();
      store.clear();
    },
    [decoder, store],
  );
  return { viewer: connectViewer(snapshot, send), store };
}

/** The viewport chart of a shown study, for the canvas and the tool bar. */
export function useViewerViewport(ref: ActorRefFrom<ViewerViewportMachine>) {
  const snapshot = useSelector(ref, (current) => current);
  return connectViewerViewport(snapshot, ref.send);
}

/**
 * A pane's slice on screen: its decoded image once the chart says it is ready, and the window it
 * is drawn with (the viewport's, else the image's own).
 */
export function useShownSlice(viewer: ViewerView, store: ImageStore, { preset, window }: { preset: PresetId; window: Window | null }) {
  const current = viewer.current!;
  const decoded = viewer.isReady(current.key) ? (store.get(current.key) ?? null) : null;
  const imageWindow = useMemo(() => (decoded ? effectiveWindow(decoded, { preset, window }) : window), [decoded, preset, window]);
  return { current, decoded, imageWindow };
}
