/**
 * The printed report as the hospital issues it (V2.0/YJPIndex/ElectReport), drawn as one SVG page.
 * Presentation attributes only: no <style>, no style="", no script, so it shows under the
 * sandbox's CSP whether it is opened as a document or as an image.
 */
import { toChinaWallClock } from './chinaTime';
import { escapeHtml } from './htmlPage';
import type { ReportRecord } from './repositories/reports';
import type { StudyRecord } from './repositories/studies';

/** The study's facts, and the report as stored (less its keys). */
export type ReportSheetData = StudyFacts & Omit<ReportRecord, 'studyId' | 'printId'>;

interface StudyFacts {
  hospitalName: string;
  patientName: string;
  sex: string;
  /** DICOM AS, e.g. "045Y". */
  age: string;
  accessionNumber: string;
  deptName: string | null;
  modality: string;
  bodyPart: string;
  studyDescription: string;
  studyDate: string;
}

export interface ReportSheet {
  svg: string;
  width: number;
  height: number;
}

/** A4 at 96 dpi; a long report makes the page taller, never narrower. */
const WIDTH = 794;
const MIN_HEIGHT = 1123;
const MARGIN = 56;
const TEXT_WIDTH = WIDTH - 2 * MARGIN;
const BODY_SIZE = 16;
const LINE_HEIGHT = 28;
const FONT = "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";
const INK = '#1f2329';
const MUTED = '#646a73';
const RULE = '#c9cdd4';
/** From the rule above the doctors to the last line. */
const FOOTER_HEIGHT = 2 * LINE_HEIGHT + 8;

const SEX_TEXT: Record<string, string> = { M: '男', F: '女' };
const AGE_UNIT: Record<string, string> = { Y: '岁', M: '个月', W: '周', D: '天' };
/** Chinese typesetting keeps these off the start of a line. */
const NO_LINE_START = new Set('，。、；：？！）》」』”’,.;:?!)');

function ageText(age: string): string {
  const match = /^(\d{3})([YMWD])$/.exec(age);
  return match ? `${Number(match[1])}${AGE_UNIT[match[2]!]}` : age;
}

/** Full-width characters take a whole em; Latin letters and digits about six tenths of one. */
function charWidth(char: string, size: number): number {
  return (char.codePointAt(0) ?? 0) > 0x2e7f ? size : size * 0.6;
}

/** Breaks text into lines no wider than `width`, between any two characters (as Chinese allows). */
export function wrapText(text: string, width: number, size = BODY_SIZE): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const char of text) {
    const w = charWidth(char, size);
    if (used + w > width && line && !NO_LINE_START.has(char)) {
      lines.push(line);
      line = '';
      used = 0;
    }
    line += char;
    used += w;
  }
  if (line) lines.push(line);
  return lines;
}

function text(x: number, y: number, value: string, options: { size?: number; weight?: string; fill?: string; anchor?: string } = {}): string {
  const { size = BODY_SIZE, weight = 'normal', fill = INK, anchor = 'start' } = options;
  return `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeHtml(value)}</text>`;
}

function rule(y: number): string {
  return `<line x1="${MARGIN}" y1="${y}" x2="${WIDTH - MARGIN}" y2="${y}" stroke="${RULE}" stroke-width="1"/>`;
}

function wallClock(instant: string | null): string {
  return instant ? toChinaWallClock(instant).slice(0, 16) : '';
}

export function renderReportSheet(data: ReportSheetData): ReportSheet {
  const parts: string[] = [];
  let y = MARGIN + 28;
  parts.push(text(WIDTH / 2, y, data.hospitalName, { size: 28, weight: 'bold', anchor: 'middle' }));
  y += 40;
  parts.push(text(WIDTH / 2, y, `${data.modality}检查报告单`, { size: 22, anchor: 'middle' }));
  if (data.status === 'preliminary') parts.push(text(WIDTH - MARGIN, y, '初步报告', { size: 14, fill: MUTED, anchor: 'end' }));
  y += 24;
  parts.push(rule(y));

  const column = TEXT_WIDTH / 3;
  const fields: Array<[string, string]> = [
    ['姓名', data.patientName],
    ['性别', SEX_TEXT[data.sex] ?? data.sex],
    ['年龄', ageText(data.age)],
    ['检查号', data.accessionNumber],
    ['科室', data.deptName ?? ''],
    ['检查日期', data.studyDate],
    ['检查类型', data.modality],
    ['检查部位', data.bodyPart],
  ];
  fields.forEach(([label, value], i) => {
    if (i % 3 === 0) y += LINE_HEIGHT + (i === 0 ? 6 : 0);
    parts.push(text(MARGIN + (i % 3) * column, y, `${label}：${value}`));
  });
  y += LINE_HEIGHT;
  parts.push(text(MARGIN, y, `检查项目：${data.studyDescription}`));
  y += 18;
  parts.push(rule(y));

  for (const [heading, body] of [
    ['影像所见：', data.findings],
    ['诊断意见：', data.impression],
  ] as const) {
    y += LINE_HEIGHT + 12;
    parts.push(text(MARGIN, y, heading, { size: 18, weight: 'bold' }));
    for (const line of wrapText(body, TEXT_WIDTH - 2 * BODY_SIZE)) {
      y += LINE_HEIGHT;
      parts.push(text(MARGIN + 2 * BODY_SIZE, y, line));
    }
  }

  // The doctors sign at the foot of the page, as on paper; a long report pushes them down.
  y = Math.max(y + LINE_HEIGHT + 24, MIN_HEIGHT - MARGIN - FOOTER_HEIGHT);
  parts.push(rule(y));
  y += LINE_HEIGHT;
  parts.push(text(MARGIN, y, `报告医生：${data.reportedBy}`));
  parts.push(text(MARGIN + column, y, `审核医生：${data.reviewedBy ?? ''}`));
  parts.push(text(MARGIN + 2 * column, y, `报告时间：${wallClock(data.reviewedAt ?? data.reportedAt)}`));
  y += LINE_HEIGHT + 8;
  parts.push(text(MARGIN, y, '本报告仅供临床参考，请以医生诊断为准。（沙盒演示）', { size: 13, fill: MUTED }));

  const height = Math.max(MIN_HEIGHT, Math.ceil(y + MARGIN));
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${escapeHtml(FONT)}" role="img" aria-label="${escapeHtml(`${data.hospitalName} ${data.studyDescription}报告`)}">
<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>
${parts.join('\n')}
</svg>
`;
  return { svg, width: WIDTH, height };
}

/** The sheet of a study's written report; the department is named by the caller (it knows the hospital's). */
export function reportSheetFor(study: StudyRecord, report: ReportRecord, deptName: string | null): ReportSheet {
  return renderReportSheet({
    hospitalName: study.hospitalName,
    patientName: study.patientName,
    sex: study.sex,
    age: study.age,
    accessionNumber: study.accessionNumber,
    deptName,
    modality: study.modality,
    bodyPart: study.bodyPart,
    studyDescription: study.studyDescription,
    studyDate: study.studyDate,
    status: report.status,
    findings: report.findings,
    impression: report.impression,
    reportedBy: report.reportedBy,
    reportedAt: report.reportedAt,
    reviewedBy: report.reviewedBy,
    reviewedAt: report.reviewedAt,
  });
}
