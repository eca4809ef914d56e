import { useEffect, useReducer, useRef, useState } from 'react';
import type { Analytics } from '../../shared/analytics/analytics';
import type { Outbox } from '../../shared/analytics/outbox';
import type { AnalyticsRecord, AuditRecord } from '../../shared/analytics/records';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { activeStateIds } from './activeStates';
import { downloadJsonLines } from './exportRecords';
import { stateName } from '../../shared/charts/inspection';
import type { QaActor, QaProbe } from './probe';
import * as css from './qaPanel.css';

/**
 * The generated diagrams (npm run diagrams), inside this chunk: once the panel is there it needs
 * no network, so it keeps working when the phone goes offline.
 */
const DIAGRAMS = import.meta.glob<string>('../../../docs/statecharts/*.svg', { query: '?raw', import: 'default', eager: true });

function diagramOf(machineId: string): string | null {
  return DIAGRAMS[`../../../docs/statecharts/${machineId}.svg`] ?? null;
}

/** Re-renders whenever one of the sources says it changed. */
function useChanges(...subscribes: Array<(listener: () => void) => () => void>) {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const stops = subscribes.map((subscribe) => subscribe(bump));
    return () => stops.forEach((stop) => stop());
    // The sources live as long as the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export interface QaPanelProps {
  probe: QaProbe;
  analytics: Analytics;
  outbox: Outbox;
  /** Open at first (tests); closed by default. */
  initiallyOpen?: boolean;
}

/** QA's view of the page: the running statecharts, live on their diagrams, and the audit records. */
export function QaPanel({ probe, analytics, outbox, initiallyOpen = false }: QaPanelProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(initiallyOpen);
  const [tab, setTab] = useState<'actors' | 'audit'>('actors');
  useChanges(probe.subscribe, analytics.subscribe, outbox.subscribe);

  if (!open) {
    return (
      <button type="button" className={css.toggle} aria-label={t('qa.open')} data-testid="qa-toggle" onClick={() => setOpen(true)}>
        QA
      </button>
    );
  }
  const actors = probe.actors();
  const audit = auditOf(analytics.records());
  return (
    <section className={css.sheet} role="dialog" aria-label={t('qa.title')} data-testid="qa-panel">
      <header className={css.header}>
        <h2 className={css.title}>{t('qa.title')}</h2>
        <button type="button" className={css.button} onClick={() => setOpen(false)}>
          {t('qa.close')}
        </button>
      </header>
      <div className={css.tabs} role="tablist">
        <button type="button" role="tab" className={css.tab} aria-selected={tab === 'actors'} onClick={() => setTab('actors')}>
          {t('qa.tabActors', { n: actors.filter((actor) => actor.running).length })}
        </button>
        <button type="button" role="tab" className={css.tab} aria-selected={tab === 'audit'} onClick={() => setTab('audit')}>
          {t('qa.tabAudit', { n: audit.length })}
        </button>
      </div>
      <div className={css.body}>{tab === 'actors' ? <Actors actors={actors} /> : <AuditRecords analytics={analytics} outbox={outbox} />}</div>
    </section>
  );
}

function Actors({ actors }: { actors: readonly QaActor[] }) {
  const { t } = useI18n();
  const [chosen, choose] = useState<string | null>(null);
  if (actors.length === 0) return <p className={css.empty}>{t('qa.noActors')}</p>;
  const selected = actors.find((actor) => actor.key === chosen) ?? actors[0]!;
  return (
    <>
      <div className={css.chips} data-testid="qa-actors">
        {actors.map((actor) => (
          <button
            key={actor.key}
            type="button"
            className={css.chip}
            aria-pressed={actor.key === selected.key}
            data-machine={actor.machine.id}
            data-testid={`qa-actor-${actor.machine.id}`}
            onClick={() => choose(actor.key)}
          >
            <span>{actor.machine.id}</span>
            <span className={css.small}>
              {stateName(actor.snapshot)} · {t(actor.running ? 'qa.running' : 'qa.stopped')}
            </span>
          </button>
        ))}
      </div>
      <p>
        {t('qa.state')}: <strong data-testid="qa-state">{stateName(selected.snapshot)}</strong>
      </p>
      <Diagram actor={selected} />
      <EventLog actor={selected} />
    </>
  );
}

function Diagram({ actor }: { actor: QaActor }) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const machineId = actor.machine.id;
  const [fit, setFit] = useState(false);

  // Our own generated SVG, from the bundle: no outside markup ever reaches innerHTML.
  const markup = diagramOf(machineId);
  const active = activeStateIds(actor.machine, actor.snapshot.value).join(' ');
  useEffect(() => {
    const element = box.current;
    if (!element || !markup) return;
    if (element.dataset.markupFor !== machineId) {
      element.innerHTML = markup;
      element.dataset.markupFor = machineId;
    }
    const ids = new Set(active.split(' '));
    element.querySelectorAll<SVGElement>('[id]').forEach((node) => {
      if (ids.has(node.id)) node.dataset.active = 'true';
      else delete node.dataset.active;
    });
    // Centre the innermost active state (the last id) in the box, without moving the panel.
    const innermost = [...element.querySelectorAll<SVGGraphicsElement>('[data-active="true"]')].at(-1);
    if (innermost) {
      const frame = element.getBoundingClientRect();
      const node = innermost.getBoundingClientRect();
      element.scrollTo?.({
        left: element.scrollLeft + node.left - frame.left - (frame.width - node.width) / 2,
        top: element.scrollTop + node.top - frame.top - (frame.height - node.height) / 2,
        behavior: 'smooth',
      });
    }
  }, [markup, machineId, active, fit]);

  if (markup === null) return <p className={css.empty}>{t('qa.noDiagram')}</p>;
  return (
    <>
      <div className={css.diagramBar}>
        <button type="button" className={css.button} aria-pressed={fit} onClick={() => setFit(!fit)}>
          {t('qa.fitDiagram')}
        </button>
      </div>
      <div ref={box} className={`${css.diagram} ${fit ? css.fitted : ''}`} data-testid="qa-diagram" data-machine={machineId} data-active-states={active} />
    </>
  );
}

function EventLog({ actor }: { actor: QaActor }) {
  const { t } = useI18n();
  return (
    <>
      <h3 className={css.small}>{t('qa.eventLog')}</h3>
      {actor.log.length === 0 ? (
        <p className={css.empty}>{t('qa.noEvents')}</p>
      ) : (
        <ol className={css.log} data-testid="qa-event-log">
          {actor.log.map((entry) => (
            <li key={entry.seq} className={css.entry}>
              <div>
                <span className={css.small}>{entry.at.slice(11, 23)}</span> <strong>{entry.type}</strong>
              </div>
              <div className={css.small}>
                {entry.from || '·'} → {entry.to}
              </div>
              {Object.keys(entry.payload as object).length > 0 && <pre className={css.payload}>{JSON.stringify(entry.payload, null, 1)}</pre>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function AuditRecords({ analytics, outbox }: { analytics: Analytics; outbox: Outbox }) {
  const { t } = useI18n();
  const records = auditOf(analytics.records());
  const waiting = outbox.pendingIds();
  return (
    <>
      <button type="button" className={css.button} data-testid="qa-export" disabled={records.length === 0} onClick={() => downloadJsonLines(records, new Date())}>
        {t('qa.export')}
      </button>
      {records.length === 0 ? (
        <p className={css.empty}>{t('qa.noRecords')}</p>
      ) : (
        <ol className={css.log} data-testid="qa-audit-records">
          {[...records].reverse().map((record) => (
            <li key={record.id} className={css.entry}>
              <div>
                <span className={css.small}>{record.at.slice(11, 23)}</span> <strong>{record.event}</strong>{' '}
                <span className={css.small}>{t(waiting.has(record.id) ? 'qa.queued' : 'qa.sent')}</span>
              </div>
              <div className={css.small}>
                {record.machine} · {record.orderId ?? '–'} · {record.from} → {record.to}
                {record.statusCode !== null && ` · ${record.statusCode}`}
                {record.result !== null && ` · ${JSON.stringify(record.result)}`}
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

const auditOf = (records: readonly AnalyticsRecord[]) => records.filter((record): record is AuditRecord => record.kind === 'audit');
