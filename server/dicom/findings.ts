import type { AiFinding } from '../../src/shared/api/studySchemas';
import { AI_ITEMS } from '../demoData';
import { AI_ORDER_STATUS } from '../../machines/aiOrder/aiOrder.types';
import { catalogue, examOfDescription } from './catalogue';
import type { CatalogueStudy } from './catalogue';
import { LUNG_NODULE, noduleRadiusAt } from './phantomTorso';

/**
 * The lung-nodule AI analysis's findings on a chest CT: a box round the nodule on every slice that
 * cuts it, in every chest series of the study, and one mark at its centre on the slice nearest
 * its middle. Coordinates are image pixels with (0, 0) the top-left corner of the first pixel,
 * so pixel (column, row) covers [column, column + 1) × [row, row + 1).
 */

/** Slices that cut the nodule by less than this (mm) are left without a box, as an AI would miss them. */
const MIN_RADIUS_MM = 0.6;
/** Pixels of room between the nodule's edge and its box. */
const BOX_MARGIN_PX = 2;

/** The phantom's one nodule: every box and the mark round it are this one finding. */
const LUNG_NODULE_FINDING = 'lung-nodule-1';

export function noduleLabel(): string {
  return `结节 ${LUNG_NODULE.diameterMm.toFixed(1)}mm`;
}

/**
 * The findings ReportAiInfo shows for a study with these AI orders: only a finished lung-nodule
 * analysis of a chest CT has any (the nodule is in every chest CT phantom); none otherwise.
 */
export function aiFindings(study: CatalogueStudy, orders: readonly { item: string; status: number }[]): AiFinding[] {
  const analysed = orders.some((order) => order.item === AI_ITEMS.lungNodule.name && order.status === AI_ORDER_STATUS.succeeded);
  return analysed && examOfDescription(study.studyDescription) === 'ctChest' ? lungNoduleFindings(study) : [];
}

export function lungNoduleFindings(study: CatalogueStudy): AiFinding[] {
  const findings: AiFinding[] = [];
  let mark: { finding: AiFinding; distance: number } | undefined;
  for (const series of catalogue(study, { faults: false })) {
    const { axial, key } = series.template;
    if (!axial || !key.startsWith('ct-chest')) continue;
    const { grid } = axial;
    const centreX = (LUNG_NODULE.x - grid.x0) / grid.spacing + 0.5;
    const centreY = (LUNG_NODULE.y - grid.y0) / grid.spacing + 0.5;
    for (const instance of series.instances) {
      const z = axial.z(instance.templateIndex);
      const radius = noduleRadiusAt(z);
      if (radius < MIN_RADIUS_MM) continue;
      const half = radius / grid.spacing + BOX_MARGIN_PX;
      const place = { findingId: LUNG_NODULE_FINDING, seriesUid: series.seriesUid, sopUid: instance.sopUid, frame: 1 };
      findings.push({ ...place, shape: 'box', x: round(centreX - half), y: round(centreY - half), width: round(2 * half), height: round(2 * half), label: noduleLabel() });
      const distance = Math.abs(z - LUNG_NODULE.z);
      if (!mark || distance < mark.distance) {
        mark = { distance, finding: { ...place, shape: 'mark', x: round(centreX), y: round(centreY), width: 0, height: 0, label: noduleLabel() } };
      }
    }
  }
  return mark ? [...findings, mark.finding] : findings;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
