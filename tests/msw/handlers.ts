import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { aiOrder, API_BASE, envelope, hospitalSetting, study } from './fixtures';

/** The sandbox's AI orders for MSW: 20 orders in every status, state kept per test. */
export function aiOrderStore() {
  let orders = Array.from({ length: 20 }, (_, i) => aiOrder(i + 1));
  const matches = (filter: number, status: number) => filter === -1 || (filter === 1 ? status <= 1 : status === filter);
  return {
    reset: () => void (orders = Array.from({ length: 20 }, (_, i) => aiOrder(i + 1))),
    page(filter: number, page: number, size: number) {
      const rows = orders.filter((o) => matches(filter, o.status));
      return { rows: rows.slice((page - 1) * size, page * size), totals: rows.length };
    },
    cancel(orderId: string) {
      const order = orders.find((o) => o.orderId === orderId);
      if (!order || order.status !== 2) return false;
      order.status = 5;
      return true;
    },
  };
}
export const aiOrders = aiOrderStore();
/** The pay calls the app made in this test, as query parameters. */
export const payRequests: Array<Record<string, string>> = [];

/** The one set of MSW handlers: a happy sandbox that tests override per case. */
export const handlers = [
  http.get(`${API_BASE}V2.0/YJPIndex/GetHospitalSetting`, () => HttpResponse.json(envelope(hospitalSetting))),
  http.get(`${API_BASE}V1.0/Package/HospitalStudyList`, ({ request }) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('pageIndex') ?? 1);
    const size = Number(url.searchParams.get('pageLength') ?? 8);
    const all = Array.from({ length: 20 }, (_, i) => study(i + 1));
    return HttpResponse.json(envelope({ rows: all.slice((page - 1) * size, page * size), totals: all.length }));
  }),
  http.get(`${API_BASE}V1.0/AI/OrderList`, ({ request }) => {
    const url = new URL(request.url);
    const page = aiOrders.page(Number(url.searchParams.get('status')), Number(url.searchParams.get('pageIndex')), Number(url.searchParams.get('pageLength')));
    return HttpResponse.json(envelope(page));
  }),
  http.post(`${API_BASE}V1.0/AI/CancelOrder`, ({ request }) => {
    const ok = aiOrders.cancel(new URL(request.url).searchParams.get('orderId') ?? '');
    return HttpResponse.json(ok ? { statusCode: 200, msg: '操作成功', result: null } : { statusCode: 4001, msg: '订单状态已变化，无法取消', result: null });
  }),
  http.get(`${API_BASE}V1.0/AI/GetWxPayParms`, ({ request }) => {
    const url = new URL(request.url);
    payRequests.push(Object.fromEntries(url.searchParams));
    return HttpResponse.json(
      envelope(
        url.searchParams.get('payway') === '1'
          ? { appId: 'wxdemo', timeStamp: '1763600000', nonceStr: 'n0nce', package: 'prepay_id=wx1', signType: 'RSA', paySign: 'c2lnbg==' }
          : { h5_url: 'http://localhost/sandbox/h5pay/R1?redirect_url=x', record_no: 'R1' },
      ),
    );
  }),
  http.get(`${API_BASE}V1.0/AI/WxPayResultNotify`, () => HttpResponse.json(envelope(0))),
  http.get(`${API_BASE}V1.0/HelpSupport/QuestionTypes`, () =>
    HttpResponse.json(envelope([{ typeId: 'collect', name: 'Collecting and viewing', questions: [{ questionId: 'collect-qr', title: 'Scanning the QR code shows an error' }] }])),
  ),
  http.get(`${API_BASE}V1.0/AI/GetSJAiCheckResult`, () => HttpResponse.json(envelope({ status: 3, checkWay: 2, resultUrl: null }))),
  http.get(`${API_BASE}V1.0/Package/HospitalStudyImageList`, ({ request }) =>
    HttpResponse.json(
      envelope({
        sex: 'F',
        age: '030Y',
        imServerUrl: 'http://localhost/sandbox/wado',
        studyUId: `1.2.3.${new URL(request.url).searchParams.get('CollectId')}`,
        orgCode: 'DEMO001',
        patientName: '李娜',
        modality: 'CT',
        bodyPart: '胸部',
        studyDescription: '胸部CT平扫',
        studyDate: '2026-11-18',
        studyTime: '09:30',
        deptCode: 'CT',
        accessionNumber: 'A0001',
        hospitalName: '云胶片示范医院',
        imageCount: 360,
        series: [{ seriesUid: '1.2.3.9.1', seriesNumber: 1, modality: 'CT', description: 'Axial', imageCount: 300, thumbnailUrl: null }],
      }),
    ),
  ),
  http.get(`${API_BASE}V1.0/Report/detail`, () =>
    HttpResponse.json(envelope({ status: 2, checkType: 'CT', findings: '双肺纹理清晰。', impression: '未见明显异常。', reportedBy: '赵明', reportedAt: '2026-11-18T11:00:00+08:00', reviewedBy: '孙立', reviewedAt: '2026-11-18T12:00:00+08:00' })),
  ),
  http.get(`${API_BASE}V1.0/Report/GetSyncReportStatus`, () => HttpResponse.json(envelope({ synced: true, lastSyncAt: '2026-11-18T12:00:00+08:00' }))),
  http.get(`${API_BASE}V2.0/YJPIndex/StorageInfo`, () => HttpResponse.json(envelope({ stored: true, expireDate: '2027-05-17', daysLeft: 175, canBuy: true }))),
  // Asked by the film detail with CollectId, by the viewer with studyUId; the sandbox refuses neither, and nothing else.
  http.get(`${API_BASE}V2.0/YJPIndex/ReportAiInfo`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    if (!query.get('CollectId') && !query.get('studyUId')) return HttpResponse.json(envelope(null, 400, 'CollectId or studyUId is required'));
    return HttpResponse.json(envelope({ orders: [], findings: [] }));
  }),
  http.get(`${API_BASE}V2.0/YJPIndex/CheckExpireStorage`, () => HttpResponse.json(envelope({ expiringCount: 0, expiredCount: 0, soonestExpireDate: null }))),
  http.get(`${API_BASE}V2.0/YJPIndex/ElectImages`, () => HttpResponse.json(envelope({ films: [{ url: '/films/1.jpg', width: 1600, height: 2000, title: null }], hdImages: [] }))),
  http.get(`${API_BASE}V1.0/Common/DeptNames`, () => HttpResponse.json(envelope([{ code: 'CT', name: '放射科CT室' }]))),
  http.get(`${API_BASE}V1.0/Package/list`, ({ request }) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('pageIndex') ?? 1);
    const size = Number(url.searchParams.get('pageLength') ?? 8);
    const all = Array.from({ length: 10 }, (_, i) => ({ ...study(i + 1), collectId: `c-${i + 1}`, collectedAt: '2026-11-20T10:00:00+08:00' }));
    return HttpResponse.json(envelope({ rows: all.slice((page - 1) * size, page * size), totals: all.length }));
  }),
  http.get(`${API_BASE}V1.0/Report/ReportPatientStudyList`, ({ request }) => {
    const checkType = new URL(request.url).searchParams.get('checkType') ?? '';
    const all = [
      { collectFilmId: 'film-1', checkType: 'CT', studyDescription: '胸部CT平扫', studyDate: '2026-11-18', status: 0, impression: null, hospitalName: '云胶片示范医院' },
      { collectFilmId: 'film-2', checkType: 'MR', studyDescription: '头颅MR平扫', studyDate: '2026-10-01', status: 2, impression: '双侧额叶少许缺血灶。', hospitalName: '云胶片示范医院' },
    ].filter((row) => !checkType || row.checkType === checkType);
    return HttpResponse.json(envelope({ rows: all, totals: all.length }));
  }),
  http.get(`${API_BASE}V1.0/Package/GetPatientStudyImageList`, ({ request }) =>
    HttpResponse.json(
      envelope({
        studyUId: new URL(request.url).searchParams.get('studyUId'),
        patientName: '李娜',
        patientId: 'MZ0010031877',
        studyDate: '2026-11-18',
        studyDescription: '胸部CT平扫',
        series: [{ seriesUid: '1.2.3.9.1', seriesNumber: 1, modality: 'CT', description: 'Axial 1.25mm', instances: [{ sopUid: '1.2.3.9.1.1', instanceNumber: 1, frames: 1 }, { sopUid: '1.2.3.9.1.2', instanceNumber: 2, frames: 1 }] }],
      }),
    ),
  ),
  http.get(`${API_BASE}V1.0/Report/GetReportCheckType`, () => HttpResponse.json(envelope([{ code: 'CT', name: 'CT' }, { code: 'MR', name: '磁共振' }]))),
];

export const server = setupServer(...handlers);

export { http, HttpResponse };
