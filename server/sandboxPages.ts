/**
 * The sandbox's own pages: the H5 pay page and the external AI report. Chinese first, English under
 * it; the one stylesheet is a file the sandbox serves, so they work under a CSP without 'unsafe-inline'.
 */
import { toChinaWallClock } from './chinaTime';
import { HOSPITAL_LOGO_PATH } from './demoData';
import { bilingual, escapeHtml, htmlPage } from './htmlPage';
import type { AiReport } from './repositories/aiOrders';
import type { PaymentState, PaymentWithItem } from './repositories/payments';

export const SANDBOX_PAGES_CSS_PATH = '/sandbox/assets/sandbox-pages.css';

function page({ title, body }: { title: string; body: string }): string {
  return htmlPage({ title, body, stylesheet: SANDBOX_PAGES_CSS_PATH, icon: HOSPITAL_LOGO_PATH });
}

export function formatYuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

const SANDBOX_BADGE = `<p class="badge">${bilingual('沙盒演示', 'Sandbox demo')}</p>`;

const STATE_TEXT: Record<PaymentState, [string, string]> = {
  pending: ['待支付', 'Awaiting payment'],
  paid: ['已支付', 'Paid'],
  cancelled: ['已取消', 'Cancelled'],
  failed: ['支付失败', 'Failed'],
};

function detailRows(rows: Array<[string, string, string]>): string {
  return `<dl class="details">${rows.map(([zh, en, value]) => `<dt>${bilingual(zh, en)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

export interface H5PayPageOptions {
  payment: PaymentWithItem;
  /** Where the form posts: the page's own signed address. */
  action: string;
  redirectUrl: string;
}

/** Three outcomes a tester can choose; a payment that has settled shows how, and a way back. */
export function h5PayPage({ payment, action, redirectUrl }: H5PayPageOptions): string {
  const [stateZh, stateEn] = STATE_TEXT[payment.state];
  const controls =
    payment.state === 'pending'
      ? `<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="action" value="pay">${bilingual('支付', 'Pay')}</button>
<button type="submit" name="action" value="cancel" class="secondary">${bilingual('取消支付', 'Cancel payment')}</button>
<button type="submit" name="action" value="fail" class="danger">${bilingual('模拟失败', 'Simulate a failure')}</button>
</form>`
      : `<p class="state" role="status">${bilingual(`此支付已结束：${stateZh}`, `This payment has ended: ${stateEn}`)}</p>
<a class="button" href="${escapeHtml(redirectUrl)}">${bilingual('返回', 'Back')}</a>`;
  return page({
    title: '收银台 · Checkout',
    body: `${SANDBOX_BADGE}
<h1>${bilingual('H5 支付', 'H5 payment')}</h1>
<p class="amount" data-amount-fen="${payment.amountFen}">${escapeHtml(formatYuan(payment.amountFen))}</p>
${detailRows([
  ['项目', 'Item', payment.item],
  ['订单号', 'Order', payment.orderNo],
  ['支付单号', 'Payment', payment.recordNo],
  ['状态', 'State', `${stateZh} / ${stateEn}`],
])}
${controls}
<p class="note">${bilingual('这是沙盒的模拟支付页，不会产生真实扣款。', "This is the sandbox's simulated payment page; no money moves.")}</p>`,
  });
}

const SEX_TEXT: Record<string, string> = { M: '男 / Male', F: '女 / Female' };

export function aiReportPage(report: AiReport, finding: string): string {
  return page({
    title: `${report.item} · AI report`,
    body: `${SANDBOX_BADGE}
<h1>${bilingual(escapeHtml(report.item), 'AI analysis report')}</h1>
${detailRows([
  ['姓名', 'Name', report.patientName],
  ['性别', 'Sex', SEX_TEXT[report.sex] ?? report.sex],
  ['年龄', 'Age', report.age],
  ['检查', 'Study', report.studyDescription],
  ['检查日期', 'Study date', report.studyDate],
  ['订单号', 'Order', report.orderNo],
  ['报告时间', 'Reported', toChinaWallClock(report.finishedAt)],
])}
<h2>${bilingual('AI 分析结论', 'AI finding')}</h2>
<p class="finding">${escapeHtml(finding)}</p>
<p class="note">${bilingual('AI 分析结果仅供参考，请以医生诊断为准。', "AI results are for reference only; your doctor's diagnosis prevails.")}</p>`,
  });
}

export function messagePage(zh: string, en: string): string {
  return page({ title: `${zh} · ${en}`, body: `${SANDBOX_BADGE}\n<h1>${bilingual(escapeHtml(zh), escapeHtml(en))}</h1>` });
}

export interface ConsultationPageOptions {
  patientMasked: string;
  hospitalName: string;
  study?: { description: string; date: string; modality: string };
  /** Back to the app: the study's film detail, or the app's home. */
  backUrl: string;
}

/** The online expert consultation service's stand-in (V1.0/Haodafu/GetZjwzJumpUrl hands it out). */
export function consultationPage({ patientMasked, hospitalName, study, backUrl }: ConsultationPageOptions): string {
  const rows: Array<[string, string, string]> = [
    ['患者', 'Patient', patientMasked],
    ['医院', 'Hospital', hospitalName],
  ];
  if (study) rows.push(['检查', 'Study', `${study.modality} ${study.description}`], ['检查日期', 'Study date', study.date]);
  return page({
    title: '在线专家问诊 · Online consultation',
    body: `${SANDBOX_BADGE}
<h1>${bilingual('在线专家问诊', 'Online expert consultation')}</h1>
${detailRows(rows)}
<p class="note">${bilingual(
      '这是沙盒中问诊服务的替身页面：真实环境会在此由合作平台的专家解读影像与报告。',
      "This stands in for the consultation service in the sandbox: in production, the partner platform's experts read the images and report here.",
    )}</p>
<a class="button" href="${escapeHtml(backUrl)}">${bilingual('返回云胶片', 'Back to Cloud Film')}</a>`,
  });
}
