import { useEffect, useMemo, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import type { CropLike } from '../../../machines/modify/modify.types';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { Button } from '../../shared/views/Button';
import * as form from '../../shared/views/form.css';
import * as ui from '../../shared/views/ui.css';
import { centred, cropOf, MAX_CROP_ZOOM, panView, scaleOf, zoomTo, type CropView } from './avatarCrop';
import * as css from './personal.css';

/** The frame's side when the page cannot measure it (before layout). */
const FALLBACK_FRAME = 280;

/**
 * The avatar's square: drag to move the picture, pinch (or the mouse wheel, or the slider) to
 * zoom. The math is in avatarCrop.ts; this only turns pointers into it.
 */
export function AvatarCropper(props: { source: Blob; onCrop: (crop: CropLike) => void; onCancel: () => void }) {
  const { t } = useI18n();
  const url = useMemo(() => URL.createObjectURL(props.source), [props.source]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const [image, setImage] = useState<{ width: number; height: number } | null>(null);
  const [view, setView] = useState<CropView>({ zoom: 1, x: 0, y: 0 });
  /** The frame's side in CSS pixels, measured when the picture has loaded. */
  const [side, setSide] = useState(FALLBACK_FRAME);
  const frameRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const frame = () => side;

  const local = (event: { clientX: number; clientY: number }) => {
    const box = frameRef.current?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  };
  const down = (event: PointerEvent) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, local(event));
  };
  const move = (event: PointerEvent) => {
    const before = pointers.current.get(event.pointerId);
    if (!before || !image) return;
    const now = local(event);
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId).map(([, point]) => point);
    pointers.current.set(event.pointerId, now);
    const other = others[0];
    if (other) {
      // Two fingers: zoom by how far apart they moved, about the point between them.
      const apart = Math.hypot(before.x - other.x, before.y - other.y);
      const apartNow = Math.hypot(now.x - other.x, now.y - other.y);
      if (apart > 0) setView((current) => zoomTo(current, current.zoom * (apartNow / apart), { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 }, image, frame()));
    } else {
      setView((current) => panView(current, now.x - before.x, now.y - before.y, image, frame()));
    }
  };
  const up = (event: PointerEvent) => void pointers.current.delete(event.pointerId);
  const wheel = (event: WheelEvent) => {
    if (!image) return;
    const point = local(event);
    setView((current) => zoomTo(current, current.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1), point, image, frame()));
  };
  const loaded = (event: { currentTarget: HTMLImageElement }) => {
    const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
    if (!width || !height) return;
    const size = { width, height };
    const measured = frameRef.current?.clientWidth || FALLBACK_FRAME;
    setSide(measured);
    setImage(size);
    setView(centred(size, measured));
  };
  const scale = image ? scaleOf(view.zoom, image, frame()) : 1;

  return (
    <div className={ui.backdrop}>
      <div className={css.cropDialog} role="dialog" aria-modal="true" aria-labelledby="avatar-crop-title" data-testid="avatar-cropper">
        <h2 id="avatar-crop-title" className={css.heading}>{t('modify.cropTitle')}</h2>
        <p className={form.note}>{t('modify.cropHint')}</p>
        <div
          ref={frameRef}
          className={css.cropFrame}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          onWheel={wheel}
          data-testid="avatar-crop-frame"
        >
          <img
            className={css.cropImage}
            src={url}
            alt=""
            draggable={false}
            onLoad={loaded}
            style={image ? { width: image.width, height: image.height, transform: `translate(${view.x}px, ${view.y}px) scale(${scale})` } : { visibility: 'hidden' }}
            data-testid="avatar-crop-image"
          />
          <div className={css.cropCircle} aria-hidden="true" />
        </div>
        <label className={css.zoomRow}>
          <span className={form.note}>{t('modify.zoom')}</span>
          <input
            type="range"
            min={1}
            max={MAX_CROP_ZOOM}
            step={0.01}
            value={view.zoom}
            disabled={!image}
            onChange={(event) => image && setView((current) => zoomTo(current, Number(event.target.value), { x: frame() / 2, y: frame() / 2 }, image, frame()))}
            className={css.zoomSlider}
            data-testid="avatar-zoom"
          />
        </label>
        <div className={ui.dialogActions}>
          <Button variant="secondary" onClick={props.onCancel} data-testid="avatar-crop-cancel">
            {t('modify.cropCancel')}
          </Button>
          <Button onClick={() => image && props.onCrop(cropOf(view, image, frame()))} disabled={!image} data-testid="avatar-crop-confirm">
            {t('modify.cropUse')}
          </Button>
        </div>
      </div>
    </div>
  );
}
