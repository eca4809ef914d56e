/** The audit page of one order: the timeline of server/auditTimeline.ts as HTML, labels in Chinese and English. */
import type { Timeline } from './auditTimeline';
import { HOSPITAL_LOGO_PATH } from './demoData';
import { bilingual, escapeHtml, htmlPage } from './htmlPage';

export const AUDIT_CSS_PATH = '/sandbox/assets/sandbox-audit.css';

const BADGE = `<p class="badge">${bilingual('沙盒审计', 'Sandbox audit')}</p>`;

function summary({ header }: Timeline): string {
  const rows: Array<[string, string, string]> = [
    ['订单号', 'Order', header.orderId],
    ['检查记录', 'Check record', header.checkRecordIds.join(', ') || '—'],
    ['患者', 'Patient', header.patients.join(', ')],
    ['记录数', 'Records', String(header.count)],
    ['最早', 'First', header.first],
    ['最晚', 'Last', header.last],
    ['时区', 'Time zone', header.timeZone],
  ];
  return `<dl class="details summary">${rows.map(([zh, en, value]) => `<dt>${bilingual(zh, en)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

const COLUMNS: Array<[string, string]> = [
  ['时间', 'Time'],
  ['状态机', 'Machine'],
  ['迁移', 'Transition'],
  ['经过', 'What happened'],
  ['设备 · 用户', 'Device · user'],
];

function rows({ entries }: Timeline): string {
  return entries
    .map((entry) => {
      const server = entry.details ? `<span class="server">${escapeHtml(entry.details)}</span>` : '';
      return `<tr class="${entry.kind === 'event' ? 'product-event' : 'audit'}" data-record-id="${escapeHtml(entry.id)}">
<td class="time">${escapeHtml(entry.time)}</td><td>${escapeHtml(entry.machine)}</td><td class="step">${escapeHtml(entry.step)}</td>
<td class="what">${escapeHtml(entry.words)}${server}</td><td class="who">${escapeHtml(entry.device)} · ${escapeHtml(entry.user)}</td>
</tr>`;
    })
    .join('\n');
}

export function auditPage(timeline: Timeline): string {
  return htmlPage({
    title: `${timeline.header.orderId} · 审计 Audit`,
    stylesheet: AUDIT_CSS_PATH,
    icon: HOSPITAL_LOGO_PATH,
    body: `${BADGE}
<h1>${bilingual('订单审计记录', 'Order audit trail')}</h1>
${summary(timeline)}
<div class="timeline-wrap">
<table class="timeline">
<thead><tr>${COLUMNS.map(([zh, en]) => `<th scope="col">${bilingual(zh, en)}</th>`).join('')}</tr></thead>
<tbody>
${rows(timeline)}
</tbody>
</table>
</div>
<p class="note">${bilingual('时间为设备时间；用户为客户端所称，令牌所属患者不同时另行注明。', "Times are the device's; the user is what the client said, with the token's patient noted when they differ.")}</p>`,
  });
}
