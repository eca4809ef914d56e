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

/** Who is signed in, and the way out. */
function signedInAs(auditor: string, signOutUrl: string): string {
  return `<p class="state" data-auditor="${escapeHtml(auditor)}">${bilingual(`审计员：${escapeHtml(auditor)}`, `Auditor: ${escapeHtml(auditor)}`)}</p>
<a class="button" href="${escapeHtml(signOutUrl)}">${bilingual('退出登录', 'Sign out')}</a>`;
}

function page(title: string, body: string): string {
  return htmlPage({ title, stylesheet: AUDIT_CSS_PATH, icon: HOSPITAL_LOGO_PATH, body: `${BADGE}\n${body}` });
}

export interface AuditPageOptions {
  /** The signed-in auditor's login name. */
  auditor: string;
  signOutUrl: string;
}

export function auditPage(timeline: Timeline, { auditor, signOutUrl }: AuditPageOptions): string {
  return page(
    `${timeline.header.orderId} · 审计 Audit`,
    `<h1>${bilingual('订单审计记录', 'Order audit trail')}</h1>
${summary(timeline)}
<div class="timeline-wrap">
<table class="timeline">
<thead><tr>${COLUMNS.map(([zh, en]) => `<th scope="col">${bilingual(zh, en)}</th>`).join('')}</tr></thead>
<tbody>
${rows(timeline)}
</tbody>
</table>
</div>
<p class="note">${bilingual('时间为设备时间；用户为客户端所称，令牌所属患者不同时另行注明。', "Times are the device's; the user is what the client said, with the token's patient noted when they differ.")}</p>
${signedInAs(auditor, signOutUrl)}`,
  );
}

/** An order the trail knows nothing of (HTTP 404). */
export function auditNoRecordsPage(orderId: string, { auditor, signOutUrl }: AuditPageOptions): string {
  return page(
    `${orderId} · 审计 Audit`,
    `<h1>${bilingual('这个订单没有审计记录', 'No audit records for this order')}</h1>
${signedInAs(auditor, signOutUrl)}`,
  );
}

/** Someone signed in who is not an auditor (a patient): HTTP 403. */
export function auditorsOnlyPage(signOutUrl: string): string {
  return page(
    '仅限审计员 · Auditors only',
    `<h1>${bilingual('此页面仅供审计员使用', 'This page is for auditors')}</h1>
<p>${bilingual('您登录的账号没有审计员权限。请退出登录，再用审计员账号登录。', 'The account you signed in with is not an auditor\'s. Sign out, then sign in with an auditor account.')}</p>
<a class="button" href="${escapeHtml(signOutUrl)}">${bilingual('退出登录', 'Sign out')}</a>`,
  );
}

/** The sign-in was cancelled, took too long, or came back to another browser. */
export function auditSignInFailedPage(retryUrl: string | null): string {
  const retry = retryUrl ? `\n<a class="button" href="${escapeHtml(retryUrl)}">${bilingual('重新登录', 'Sign in again')}</a>` : '';
  return page(
    '登录未完成 · Sign-in not completed',
    `<h1>${bilingual('登录未完成', 'The sign-in was not completed')}</h1>
<p>${bilingual('登录已取消或已过期。请重新打开审计页面。', 'The sign-in was cancelled or has expired. Open the audit page again.')}</p>${retry}`,
  );
}

export function auditSignedOutPage(): string {
  return page('已退出登录 · Signed out', `<h1>${bilingual('您已退出审计页面', 'You are signed out of the audit pages')}</h1>`);
}
