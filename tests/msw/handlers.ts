import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { API_BASE, envelope, hospitalSetting, study } from './fixtures';

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
];

export const server = setupServer(...handlers);

export { http, HttpResponse };
