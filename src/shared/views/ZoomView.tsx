import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { canSharePictures, keepWay, savePicture, sharePicture } from '../platform/keepPicture';
import { useToast } from './Toast';
import { FIT, panBy, toggleZoom, zoomAbout, type Zoom } from './zoom';
import * as css from './zoomView.css';

/** Two taps this close in time and space are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 24;

/**
 * Pictures full screen, one at a time: pinch to zoom, drag to pan, double-tap to fit, previous and
 * next, close. The zoom math is in `zoom.ts`; this only turns pointers into it.
 */
export function ZoomView(props: {
  images: readonly { url: string; title?: string | null }[];
  start: number;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useI18n();
  const [index, setIndex] = useState(props.start);
  const [zoom, setZoom] = useState<Zoom>(FIT);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const { onClose } = props;

  useEffect(() => {
    const close = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [onClose]);

  const go = (next: number) => {
    setIndex(next);
    setZoom(FIT);
  };
  const local = (event: PointerEvent) => {
    const box = stage.current?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = local(event);
    pointers.current.set(event.pointerId, point);
    if (pointers.current.size !== 1) return;
    const now = event.timeStamp;
    const last = lastTap.current;
    if (last && now - last.at < DOUBLE_TAP_MS && Math.hypot(point.x - last.x, point.y - last.y) < DOUBLE_TAP_PX) {
      setZoom((current) => toggleZoom(current, point));
      lastTap.current = null;
    } else {
      lastTap.current = { at: now, ...point };
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const point = local(event);
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId).map(([, p]) => p);
    pointers.current.set(event.pointerId, point);
    const other = others[0];
    if (other) {
      const factor = Math.hypot(point.x - other.x, point.y - other.y) / Math.max(1, Math.hypot(before.x - other.x, before.y - other.y));
      setZoom((current) => zoomAbout(current, factor, { x: (point.x + other.x) / 2, y: (point.y + other.y) / 2 }));
    } else {
      setZoom((current) => panBy(current, point.x - before.x, point.y - before.y));
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => pointers.current.delete(event.pointerId);
  const image = props.images[index];
  if (!image) return null;
  return (
    <div className={css.layer} role="dialog" aria-modal="true" aria-label={image.title ?? t('sheets.page', { page: index + 1, count: props.images.length })} data-testid={props.testId} data-zoom={zoom.scale.toFixed(2)}>
      <div className={css.bar}>
        <button type="button" className={css.control} onClick={onClose} data-testid="zoom-close">
          {t('sheets.close')}
        </button>
        <span aria-live="polite">{t('sheets.page', { page: index + 1, count: props.images.length })}</span>
        <span style={{ display: 'flex', gap: 8 }}>
          <button type="button" className={css.control} onClick={() => go(index - 1)} disabled={index === 0} aria-label={t('sheets.previous')}>
            ‹
          </button>
          <button type="button" className={css.control} onClick={() => go(index + 1)} disabled={index === props.images.length - 1} aria-label={t('sheets.next')} data-testid="zoom-next">
            ›
          </button>
        </span>
      </div>
      <div
        ref={stage}
        className={css.stage}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={(event) => {
          const box = stage.current?.getBoundingClientRect();
          const point = { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
          setZoom((current) => zoomAbout(current, event.deltaY < 0 ? 1.2 : 1 / 1.2, point));
        }}
        data-testid="zoom-stage"
      >
        <img
          className={css.image}
          src={image.url}
          alt={image.title ?? ''}
          draggable={false}
          style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
        />
      </div>
      <Keep url={image.url} title={image.title ?? t('sheets.page', { page: index + 1, count: props.images.length })} />
      <p className={css.hint}>{t('sheets.zoomHint')}</p>
    </div>
  );
}

/**
 * Keeping the picture on view: inside WeChat (no downloads) its long-press menu, which the page
 * names; elsewhere "save" (a file) and, where the phone can, "share" (its share sheet).
 */
function Keep({ url, title }: { url: string; title: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (keepWay(navigator.userAgent) === 'longPress') {
    return (
      <p className={css.hint} data-testid="zoom-long-press">
        {t('keep.longPress')}
      </p>
    );
  }
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    const said = await work();
    setBusy(false);
    if (said) toast(said);
  };
  return (
    <div className={css.keep}>
      <button
        type="button"
        className={css.control}
        disabled={busy}
        onClick={() => void run(async () => ((await savePicture(url, title)) ? t('keep.saved') : t('keep.failed')))}
        data-testid="zoom-save"
      >
        {t('keep.save')}
      </button>
      {canSharePictures() && (
        <button
          type="button"
          className={css.control}
          disabled={busy}
          onClick={() => void run(async () => ((await sharePicture(url, title)) === 'failed' ? t('keep.failed') : ''))}
          data-testid="zoom-share"
        >
          {t('keep.share')}
        </button>
      )}
    </div>
  );
}
