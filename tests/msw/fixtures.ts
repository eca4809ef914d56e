import type { HospitalSetting, Study } from '../../src/api/schemas';

export const API_BASE = 'http://localhost/api/';

export const hospitalSetting: HospitalSetting = {
  hospitalName: '云胶片示范医院',
  orgCode: 'DEMO001',
  theme: 3,
  logoUrl: null,
  officialAccountName: '示范医院服务号',
  officialAccountQrUrl: '/sandbox/assets/official-account-qr.svg',
  serviceHours: '9:00-18:00',
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
  };
}

export const envelope = (result: unknown, statusCode = 200, message = 'ok') => ({ statusCode, message, result });
