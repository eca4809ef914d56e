import type { AiOrderRow, HospitalSetting, Study } from '../../src/shared/api/schemas';

export const API_BASE = 'http://localhost/api/';

export const hospitalSetting: HospitalSetting = {
  hospitalName: '云胶片示范医院',
  orgCode: 'DEMO001',
  theme: 3,
  logoUrl: null,
  officialAccountName: '示范医院服务号',
  officialAccountQrUrl: '/sandbox/assets/official-account-qr.svg',
  serviceHours: '9:00-18:00',
  servicePhone: '010-65008888',
  modules: { aiAnalysis: true, imageStore: false, filmDownload: true, share: true },
};

export function study(n: number): Study {
  return {
    collectFilmId: `film-${n}`,
    studyUId: `1.2.826.0.1.3680043.8.498.${n}`,
    patientName: '张三',
    sex: 'M',
    age: '045Y',
    modality: n % 2 ? 'CT' : 'MR',
    studyDate: `2026-10-${String((n % 28) + 1).padStart(2, '0')}`,
    bodyPart: n % 2 ? '胸部' : '头颅',
    hospitalName: '云胶片示范医院',
    reportStatus: n % 3 ? 1 : 0,
    reportNew: false,
  };
}

/** Orders of every status; `status` cycles 0..5, charge 0 for every sixth. */
export function aiOrder(n: number, status = n % 6): AiOrderRow {
  return {
    orderId: `AI2026112000${String(n).padStart(4, '0')}`,
    id: 5000 + n,
    collectFilmId: `film-${n}`,
    time: `2026-11-${String((n % 20) + 1).padStart(2, '0')} 10:${String(n % 60).padStart(2, '0')}:00`,
    name: '张三',
    item: '肺结节AI分析',
    status,
    charge: n % 6 === 0 ? 0 : 12.5,
    sex: 'F',
    age: '030Y',
  };
}

export const envelope = (result: unknown, statusCode = 200, message = 'ok') => ({ statusCode, message, result });
