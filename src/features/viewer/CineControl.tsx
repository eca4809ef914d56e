import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectCine } from '../../../machines/cine/cine.connect';
import type { CineMachine } from '../../../machines/cine/cine.machine';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { visuallyHidden } from '../../shared/views/ui.css';
import * as css from './viewer.css';

/** The cine player of the study on screen (the viewer chart's child). */
function useCine(ref: ActorRefFrom<CineMachine>) {
  const snapshot = useSelector(ref, (current) => current);
  return connectCine(snapshot, ref.send);
}

/**
 * Play and pause for an ultrasound or angiography clip (issue 25 §4), shown only while a clip is
 * on screen. The button's name says what a tap does; a status line tells a screen reader whether
 * the clip plays, and at what rate. Leaving the page (another app, another tab) pauses it.
 */
export function CineControl({ cineRef }: { cineRef: ActorRefFrom<CineMachine> }) {
  const { t } = useI18n();
  const cine = useCine(cineRef);
  useEffect(() => {
    const pauseWhenHidden = () => {
      if (document.visibilityState === 'hidden') cineRef.send({ type: 'PAUSE' });
    };
    document.addEventListener('visibilitychange', pauseWhenHidden);
    return () => document.removeEventListener('visibilitychange', pauseWhenHidden);
  }, [cineRef]);
  if (!cine.hasClip) return null;
  const rate = Math.round(10_000 / cine.frameTimeMs) / 10;
  return (
    <>
      <button
        type="button"
        className={css.cineToggle}
        aria-label={t(cine.playing ? 'viewer.cine.pause' : 'viewer.cine.play')}
        onClick={cine.toggle}
        data-testid="viewer-cine"
        data-cine-state={cine.state}
      >
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor">
          {cine.playing ? (
            <path d="M4 2h3.5v14H4zM10.5 2H14v14h-3.5z" />
          ) : (
            <path d="M4 2l12 7-12 7z" />
          )}
        </svg>
      </button>
      <span className={visuallyHidden} role="status" data-testid="viewer-cine-status">
        {cine.playing ? t('viewer.cine.playing', { rate }) : t('viewer.cine.paused')}
      </span>
    </>
  );
}
