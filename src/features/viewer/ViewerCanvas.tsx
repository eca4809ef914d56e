import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { ViewerView } from '../../../machines/viewer/viewer.connect';
import type { ViewerViewportView } from '../../../machines/viewer/viewerViewport.connect';
import type { Point, Window } from '../../../machines/viewer/viewerViewport.types';
import { formatSexAge } from '../../shared/i18n/format';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { DecodedFrame } from './dicom/decoded';
import {
  beginGesture,
  followGesture,
  isDoubleTap,
  isTap,
  ONE_FINGER,
  stepPixels,
  TAP,
  wheelSteps,
  type Gesture,
  type GestureKind,
  type Tap,
  type ViewportNow,
} from './gestures';
import { createPainter } from './paintClient';
import { createRenderer } from './renderer';
import * as css from './viewer.css';
import { hospitalTerm } from '../../shared/i18n/glossary';

interface Props {
  viewer: ViewerView;
  viewport: ViewerViewportView;
  /** The pixels of the image on screen, once it is ready. */
  decoded: DecodedFrame | null;
  /** The window it is drawn with when no gesture is under way. */
  imageWindow: Window | null;
  /** The decoded slices the patient is likely to see next, nearest first, each with its window: painted ahead off the main thread. */
  upcoming?: readonly Upcoming[];
}

/** A slice to paint ahead. */
export interface Upcoming {
  key: string;
  decoded: DecodedFrame;
  window: Window | null;
}

/** The CSS size of an element, followed as it changes (rotation, the address bar). */
function useElementSize(ref: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const rounded = (value: number) => String(Math.round(value));

/**
 * The image: drawn on the next animation frame after anything it shows changes, on a canvas of
 * the image's own pixels that the compositor places and scales, with the AI marks on a canvas of
 * the stage's size over it (renderer.ts), and the next slices windowed ahead in the paint worker
 * (paintClient.ts); the corners' text over them and a message in its middle while the image is on its way or
 * when it failed. Fingers, the mouse wheel and the arrow keys are read here (gestures.ts does the
 * math); the charts hear when a gesture starts and what it came to, and each slice step.
 */
export function ViewerCanvas({ viewer, viewport, decoded, imageWindow, upcoming = [] }: Props) {
  const { t, locale } = useI18n();
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const marksRef = useRef<HTMLCanvasElement>(null);
  const [renderer] = useState(() => createRenderer());
  const [painter] = useState(() => createPainter());
  const size = useElementSize(stageRef);
  const [live, setLive] = useState<ViewportNow | null>(null);
  const [drawnKey, setDrawnKey] = useState<string | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ gesture: Gesture; sent: number; last: ViewportNow } | null>(null);
  const down = useRef<Tap | null>(null);
  const lastTap = useRef<Tap | null>(null);
  const stepSlice = useRef(viewer.stepSlice);

  const { current, study, series } = viewer;
  const committed: ViewportNow = { zoom: viewport.zoom, pan: viewport.pan, window: imageWindow };
  const shown = live ?? committed;
  // The latest of these for the wheel listener and the next draw; the findings change only with the image.
  // The AI's labels are drawn in the reader's language (the glossary's words: 结节 4.0mm → Nodule 4.0mm).
  const findingsOnImage = useMemo(() => viewer.findingsOnImage.map((finding) => ({ ...finding, label: hospitalTerm(locale, finding.label) })), [viewer.findingsOnImage, locale]);
  const findings = useRef(findingsOnImage);
  const next = useRef(upcoming);
  useEffect(() => {
    stepSlice.current = viewer.stepSlice;
    findings.current = findingsOnImage;
    next.current = upcoming;
  });

  useEffect(() => () => renderer.release(), [renderer]);
  useEffect(() => () => painter.dispose(), [painter]);

  const key = current?.key ?? null;
  const { zoom, pan, window: drawWindow } = shown;
  const gesturing = live !== null;
  useEffect(() => {
    const image = canvasRef.current;
    const marks = marksRef.current;
    if (!image || !marks || size.width === 0 || size.height === 0) return;
    const frame = requestAnimationFrame(() => {
      const dpr = window.devicePixelRatio || 1;
      const scene =
        decoded && key ? { key, decoded, window: drawWindow, zoom, pan, findings: findings.current, aiShown: viewport.aiShown } : null;
      let drawn = false;
      try {
        drawn = renderer.draw({ image, marks }, scene, size, dpr, scene ? painter.get(scene) : undefined);
      } catch {
        // A canvas the browser will not make this large: the image stays undrawn, the page goes on.
      }
      setDrawnKey(drawn && scene ? scene.key : null);
      // This slice and the next ones, windowed in the worker while this one is looked at; not
      // while a window is dragged, whose every frame differs.
      if (!gesturing) painter.want([...(scene ? [scene] : []), ...next.current]);
    });
    return () => cancelAnimationFrame(frame);
  }, [renderer, painter, size, decoded, key, zoom, pan, drawWindow, viewport.aiShown, gesturing]);

  // A wheel scrolls slices; the page itself must not scroll, so the listener cannot be passive.
  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    let carried = 0;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const result = wheelSteps(carried, event.deltaY, event.deltaMode);
      carried = result.carried;
      if (result.steps !== 0) stepSlice.current(result.steps);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const at = (event: PointerEvent): Point => {
    const box = stageRef.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  /** A gesture from where its fingers went down. */
  function begin(kind: GestureKind, from: ReadonlyMap<number, Point>) {
    const layout = { centre: { x: size.width / 2, y: size.height / 2 }, stepPx: stepPixels(size.height, current?.count ?? 1) };
    gesture.current = { gesture: beginGesture(kind, from, committed, layout), sent: 0, last: committed };
    viewport.startGesture(kind === 'pinch' ? 2 : 1);
  }

  function end() {
    const active = gesture.current;
    if (!active) return;
    gesture.current = null;
    setLive(null);
    viewport.endGesture({ zoom: active.last.zoom, pan: active.last.pan, window: active.gesture.kind === 'window' ? active.last.window : null });
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = at(event);
    pointers.current.set(event.pointerId, point);
    if (pointers.current.size === 1) down.current = { at: point, time: event.timeStamp };
    if (pointers.current.size === 2) {
      end();
      down.current = null;
      begin('pinch', pointers.current);
    }
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    const point = at(event);
    pointers.current.set(event.pointerId, point);
    if (!gesture.current && pointers.current.size === 1 && down.current && distance(point, down.current.at) > TAP.maxMovePx) {
      begin(ONE_FINGER[viewport.tool], new Map([[event.pointerId, down.current.at]]));
    }
    const active = gesture.current;
    if (!active) return;
    const frame = followGesture(active.gesture, pointers.current);
    active.last = frame.live;
    if (active.gesture.kind === 'scroll') {
      const by = frame.stepped - active.sent;
      if (by !== 0) {
        active.sent = frame.stepped;
        viewer.stepSlice(by);
      }
    } else setLive(frame.live);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const point = at(event);
    pointers.current.delete(event.pointerId);
    const active = gesture.current;
    if (active && (active.gesture.kind === 'pinch' ? pointers.current.size < 2 : pointers.current.size === 0)) end();
    if (!active && pointers.current.size === 0 && down.current) {
      const tap = { at: point, time: event.timeStamp };
      if (isTap(down.current, tap)) {
        if (isDoubleTap(lastTap.current, tap)) {
          lastTap.current = null;
          viewport.fit();
        } else lastTap.current = tap;
      }
    }
    // A finger left after a pinch does nothing until all are up.
    down.current = null;
  }

  function onPointerCancel(event: PointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
    down.current = null;
    if (!gesture.current) return;
    gesture.current = null;
    setLive(null);
    viewport.cancelGesture();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const by = { ArrowDown: 1, ArrowRight: 1, PageDown: 10, ArrowUp: -1, ArrowLeft: -1, PageUp: -10 }[event.key];
    if (by === undefined) return;
    event.preventDefault();
    viewer.stepSlice(by);
  }

  const number = series?.seriesNumber ?? 0;
  return (
    <div
      ref={stageRef}
      className={css.stage}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onKeyDown={onKeyDown}
    >
      <canvas
        ref={canvasRef}
        className={css.image}
        role="img"
        aria-label={current ? t('viewer.canvas', { index: current.index + 1, count: current.count, number }) : ''}
        data-testid="viewer-canvas"
        data-drawn={drawnKey ?? ''}
      />
      <canvas ref={marksRef} className={css.canvas} aria-hidden="true" data-testid="viewer-marks" />
      {study && current && (
        <div data-testid="viewer-overlay">
          <div className={css.corner.topLeft}>
            <span>{study.patientName ?? ''}</span>
            <span>{formatSexAge(t, study.sex, study.age)}</span>
            {study.patientId && <span>{study.patientId}</span>}
          </div>
          <div className={css.corner.topRight}>
            {study.hospitalName && <span>{study.hospitalName}</span>}
            {study.studyDate && <span>{study.studyDate}</span>}
            {study.studyDescription && <span>{hospitalTerm(locale, study.studyDescription)}</span>}
          </div>
          <div className={css.corner.bottomLeft}>
            <span>
              {t('viewer.seriesLabel', { number })} {series?.description ?? series?.modality ?? ''}
            </span>
            <span data-testid="viewer-slice">{t('viewer.image', { index: current.index + 1, count: current.count })}</span>
          </div>
          <div className={css.corner.bottomRight}>
            {shown.window && <span data-testid="viewer-window">{t('viewer.window', { width: rounded(shown.window.width), center: rounded(shown.window.center) })}</span>}
            <span>{t('viewer.zoom', { zoom: shown.zoom.toFixed(1) })}</span>
          </div>
        </div>
      )}
      {viewer.state === 'imageLoading' && (
        <div className={css.imageMessage} role="status" data-testid="viewer-image-loading">
          <span className={css.spinner} aria-hidden="true" />
          <span>{t('viewer.loadingImage')}</span>
        </div>
      )}
      {viewer.state === 'imageFailed' && viewer.imageProblem && (
        <div className={css.imageMessage} role="alert" data-testid="viewer-image-error" data-problem={viewer.imageProblem}>
          <p className={css.statusText}>{t(`viewer.image.${viewer.imageProblem}`)}</p>
          {viewer.canRetryImage && (
            <button type="button" className={css.action} onPointerDown={(event) => event.stopPropagation()} onClick={viewer.retryImage} data-testid="viewer-image-retry">
              {t('viewer.retryImage')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
