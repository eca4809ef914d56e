import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { AiChannel, AiOrderInfo, AiStudy } from '../../src/shared/api/aiApplySchemas';
import { API_BASE, envelope, hospitalSetting } from '../msw/fixtures';
import { http, HttpResponse, payRequests, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

/** The app in Chinese, the catalogue's source language. */
const renderZh = (path: string, options: Parameters<typeof renderApp>[1] = {}) => renderApp(path, { locale: 'zh-CN', ...options });
afterEach(() => vi.unstubAllGlobals());

const channels: AiChannel[] = [
  { channelId: 'lung', name: '肺结节 AI 筛查', provider: '深睿医疗', description: '查找肺部结节并估计其大小', charge: 19.9, checkWay: 2, minutes: 10 },
  { channelId: 'bone', name: '骨折 AI 检测', provider: '联影智能', description: '查找肋骨骨折', charge: 0, checkWay: 1, minutes: 5 },
];

function aiStudy(overrides: Partial<AiStudy> = {}): AiStudy {
  return { collectFilmId: '8', studyDescription: '胸部CT平扫', studyDate: '2026-10-02', modality: 'CT', bodyPart: '胸部', latestOrder: null, ...overrides };
}

function info(overrides: Partial<AiOrderInfo> = {}): AiOrderInfo {
  return {
    orderId: 'AI1',
    id: 41,
    collectFilmId: '8',
    channelId: 'lung',
    item: '肺结节 AI 筛查',
    provider: '深睿医疗',
    status: 1,
    charge: 19.9,
    checkWay: 2,
    time: '2026-11-23 10:00:00',
    startedAt: '2026-11-23 10:00:05',
    finishedAt: null,
    progress: 40,
    secondsLeft: 300,
    failureReason: null,
    studyDescription: '胸部CT平扫',
    studyDate: '2026-10-02',
    modality: 'CT',
    ...overrides,
  };
}

/** The study list and channels of study 8, and what each submit was asked. */
function applyApi(options: { study?: AiStudy; submit?: () => Response; channels?: () => Response } = {}) {
  const submits: unknown[] = [];
  const asked = { channels: 0 };
  server.use(
    http.get(`${API_BASE}V1.0/AI/list`, () => HttpResponse.json(envelope({ studies: [options.study ?? aiStudy(), aiStudy({ collectFilmId: '9', modality: 'MR', studyDescription: '头颅MR', latestOrder: { orderId: 'AI9', channelId: 'brain', status: 1 } })] }))),
    http.get(`${API_BASE}V1.0/AI/channelList`, () => {
      asked.channels += 1;
      return options.channels?.() ?? HttpResponse.json(envelope({ channels }));
    }),
    http.post(`${API_BASE}V1.0/AI/submmit`, async ({ request }) => {
      submits.push(await request.json());
      return options.submit?.() ?? HttpResponse.json(envelope({ orderId: 'AI1', id: 41, charge: 19.9, status: 2, reused: false }));
    }),
  );
  return { submits, asked };
}

function infoApi(answers: () => Response) {
  const asked: string[] = [];
  server.use(
    http.get(`${API_BASE}V1.0/AI/info`, ({ request }) => {
      asked.push(new URL(request.url).search);
      return answers();
    }),
  );
  return asked;
}

/** The patient chooses a channel, then taps apply (nothing is chosen for them). */
async function applyFor(channelId: string) {
  await userEvent.click(await screen.findByTestId(`ai-channel-${channelId}`));
  await userEvent.click(screen.getByTestId('ai-apply-submit'));
}

const refusal = (statusCode: number) => HttpResponse.json({ statusCode, message: 'refused', result: null });

describe('aiApply: choosing a study', () => {
  it('without a study lists the studies AI can analyse, each with its latest order, and opens one', async () => {
    applyApi();
    renderZh('/aiApply');
    const studies = await screen.findAllByTestId('ai-study');
    expect(studies).toHaveLength(2);
    expect(within(studies[1]!).getByTestId('ai-study-status')).toHaveTextContent('最近申请：分析中');
    await userEvent.click(studies[0]!);
    expect(await screen.findByTestId('ai-channel-lung')).toBeInTheDocument();
  });
});

describe('aiApply: applying for a study', () => {
  it('shows each channel with its provider, what it looks for, its price or free, about how long, and where the result opens', async () => {
    applyApi();
    renderZh('/aiApply?id=8');
    const lung = await screen.findByTestId('ai-channel-lung');
    // Nothing that costs money is chosen for the patient: choose first, then apply.
    expect(lung).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByTestId('ai-channel-bone')).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByTestId('ai-apply-submit')).not.toBeInTheDocument();
    expect(screen.getByTestId('ai-choose-first')).toHaveTextContent('请先选择一项AI分析');
    expect(screen.getByRole('radiogroup', { name: '选择 AI 分析服务' })).toContainElement(lung);
    expect(lung).toHaveTextContent('肺结节 AI 筛查');
    expect(lung).toHaveTextContent('深睿医疗');
    expect(lung).toHaveTextContent('查找肺部结节');
    expect(lung).toHaveTextContent('¥19.90');
    expect(lung).toHaveTextContent('约 10 分钟出结果');
    expect(lung).toHaveTextContent('本应用的影像');
    const bone = screen.getByTestId('ai-channel-bone');
    expect(bone).toHaveTextContent('免费');
    expect(bone).toHaveTextContent('服务方的页面');
    await userEvent.click(lung);
    expect(lung).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('ai-apply-submit')).toHaveTextContent('申请分析 ¥19.90');
  });

  it('paid in WeChat: confirm with the price, one order for two taps, pay way 1, the server says paid, then the progress', async () => {
    const { submits } = applyApi();
    const invoke = vi.fn((_api: string, _params: unknown, callback: (r: { err_msg: string }) => void) => callback({ err_msg: 'get_brand_wcpay_request:ok' }));
    vi.stubGlobal('WeixinJSBridge', { invoke });
    server.use(http.get(`${API_BASE}V1.0/AI/WxPayResultNotify`, () => HttpResponse.json(envelope(1))));
    infoApi(() => HttpResponse.json(envelope(info({ status: 0, progress: 0, secondsLeft: 600 }))));
    payRequests.length = 0;
    renderZh('/aiApply?id=8', { payWay: 1 });
    await applyFor('lung');
    const dialog = await screen.findByTestId('ai-apply-confirm');
    expect(dialog).toHaveTextContent('申请“肺结节 AI 筛查”，需支付 ¥19.90，确认吗？');
    const confirm = within(dialog).getByRole('button', { name: '确认并支付' });
    await userEvent.dblClick(confirm);
    expect(await screen.findByTestId('ai-status')).toBeInTheDocument();
    expect(submits).toEqual([{ id: '8', channelId: 'lung' }]);
    expect(payRequests).toHaveLength(1);
    expect(payRequests[0]).toMatchObject({ payway: '1', checkRecordId: '41' });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('ai-progress-bar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId('toast')).toHaveTextContent('支付成功');
  });

  it('outside WeChat: the H5 page opens with this page to come back to, and the payment is remembered', async () => {
    applyApi();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    payRequests.length = 0;
    renderZh('/aiApply?id=8');
    await applyFor('lung');
    await userEvent.click(within(await screen.findByTestId('ai-apply-confirm')).getByRole('button', { name: '确认并支付' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/h5pay/R1?redirect_url=x'));
    expect(payRequests[0]).toMatchObject({ payway: '2', returnUrl: 'http://localhost/aiApply?id=8' });
  });

  it('a free channel goes straight to the progress, with nothing to pay', async () => {
    const { submits } = applyApi({ submit: () => HttpResponse.json(envelope({ orderId: 'AI2', id: 42, charge: 0, status: 0, reused: false })) });
    const asked = infoApi(() => HttpResponse.json(envelope(info({ orderId: 'AI2', status: 0, progress: 0 }))));
    payRequests.length = 0;
    renderZh('/aiApply?id=8');
    await userEvent.click(await screen.findByTestId('ai-channel-bone'));
    expect(screen.getByTestId('ai-apply-submit')).toHaveTextContent('免费申请分析');
    await userEvent.click(screen.getByTestId('ai-apply-submit'));
    await userEvent.click(within(await screen.findByTestId('ai-apply-confirm')).getByRole('button', { name: '确认申请' }));
    expect(await screen.findByTestId('ai-progress')).toBeInTheDocument();
    expect(submits).toEqual([{ id: '8', channelId: 'bone' }]);
    expect(asked[0]).toBe('?orderId=AI2');
    expect(payRequests).toHaveLength(0);
  });

  it("the study's live order comes first, with its progress; its channel is not sold again", async () => {
    applyApi({ study: aiStudy({ latestOrder: { orderId: 'AI7', channelId: 'lung', status: 1 } }) });
    renderZh('/aiApply?id=8');
    const live = await screen.findByTestId('ai-live-order');
    expect(live).toHaveTextContent('这个检查已申请肺结节 AI 筛查（分析中）');
    expect(within(live).getByTestId('ai-see-progress')).toHaveAttribute('href', '/aiStatus?orderId=AI7');
    await userEvent.click(screen.getByTestId('ai-channel-lung'));
    expect(screen.getByTestId('ai-already-applied')).toHaveTextContent('分析中');
    expect(screen.queryByTestId('ai-apply-submit')).not.toBeInTheDocument();
    // Another channel can still be bought.
    await userEvent.click(screen.getByTestId('ai-channel-bone'));
    expect(screen.getByTestId('ai-apply-submit')).toBeInTheDocument();
  });

  it.each([
    [4502, '不适用于该检查'],
    [4503, '医院暂未提供 AI 分析服务'],
    [4501, '没有找到这项检查'],
  ])('a refused order (%i) is said plainly, nothing is paid, and the channels are loaded again', async (code, words) => {
    const { asked } = applyApi({ submit: () => refusal(code) });
    payRequests.length = 0;
    renderZh('/aiApply?id=8');
    await applyFor('lung');
    await userEvent.click(within(await screen.findByTestId('ai-apply-confirm')).getByRole('button', { name: '确认并支付' }));
    expect(await screen.findByTestId('ai-apply-problem')).toHaveTextContent(words);
    await waitFor(() => expect(asked.channels).toBe(2));
    expect(payRequests).toHaveLength(0);
  });

  it('offers only the channels that fit the study: a head CT is offered the stroke analysis, not the lung or heart ones', async () => {
    const fitting: AiChannel[] = [
      { ...channels[0]!, channelId: 'lungNodule', fits: { modalities: ['CT'], bodyParts: ['胸部'] } },
      { ...channels[0]!, channelId: 'coronaryCta', fits: { modalities: ['CT'], bodyParts: ['胸部', '心脏'] } },
      { ...channels[0]!, channelId: 'stroke', name: '脑卒中AI分析', fits: { modalities: ['CT', 'MR'], bodyParts: ['头颅'] } },
    ];
    applyApi({ study: aiStudy({ studyDescription: '头颅CT平扫', bodyPart: '头颅' }), channels: () => HttpResponse.json(envelope({ channels: fitting })) });
    renderZh('/aiApply?id=8');
    expect(await screen.findByTestId('ai-channel-stroke')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });

  it('in English, a channel shows the English name and description the backend gives, else the glossary’s name', async () => {
    const english: AiChannel[] = [
      { ...channels[0]!, nameEn: 'Lung nodule AI screening', descriptionEn: 'Finds lung nodules and estimates their size' },
      { ...channels[1]!, name: '骨折AI筛查' },
    ];
    applyApi({ channels: () => HttpResponse.json(envelope({ channels: english })) });
    renderApp('/aiApply?id=8', { locale: 'en' });
    const lung = await screen.findByTestId('ai-channel-lung');
    expect(lung).toHaveTextContent('Lung nodule AI screening');
    expect(lung).toHaveTextContent('Finds lung nodules and estimates their size');
    expect(lung).not.toHaveTextContent('肺结节');
    expect(screen.getByTestId('ai-channel-bone')).toHaveTextContent('Fracture AI screening');
  });

  it('a hospital without AI analysis says so on the page', async () => {
    applyApi({ channels: () => refusal(4503) });
    renderZh('/aiApply?id=8');
    expect(await screen.findByTestId('ai-apply-refused')).toHaveTextContent('医院暂未提供 AI 分析服务');
  });

  it('think again orders nothing', async () => {
    const { submits } = applyApi();
    renderZh('/aiApply?id=8');
    await applyFor('lung');
    await userEvent.click(within(await screen.findByTestId('ai-apply-confirm')).getByRole('button', { name: '再想想' }));
    expect(screen.queryByTestId('ai-apply-confirm')).not.toBeInTheDocument();
    expect(submits).toEqual([]);
  });
});

describe('aiStatus: following an order', () => {
  it('shows the progress and the time left, asks again with back-off, and offers the result once it succeeded', async () => {
    const clock = new SimulatedClock();
    let answer = info({ progress: 40, secondsLeft: 300 });
    const asked = infoApi(() => HttpResponse.json(envelope(answer)));
    renderZh('/aiStatus?orderId=AI1', { clock });
    expect(await screen.findByTestId('ai-progress-bar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByTestId('ai-time-left')).toHaveTextContent('预计还需约 5 分钟');
    expect(asked).toEqual(['?orderId=AI1']);
    act(() => clock.increment(1999));
    expect(asked).toHaveLength(1);
    act(() => clock.increment(1));
    await waitFor(() => expect(asked).toHaveLength(2));
    // Nothing moved: the next wait is 4 s.
    await waitFor(() => expect(screen.getByTestId('ai-status')).toHaveAttribute('data-state', '{"following":"waiting"}'));
    act(() => clock.increment(3999));
    expect(asked).toHaveLength(2);
    answer = info({ status: 3, progress: 100, secondsLeft: 0 });
    act(() => clock.increment(1));
    expect(await screen.findByTestId('ai-see-result')).toHaveAttribute('href', '/aiResult?id=8&orderId=AI1');
    act(() => clock.increment(60_000));
    expect(asked).toHaveLength(3);
  });

  it("an analysis past the server's estimate says it takes longer than usual and where to get help, not '99%, under a minute'", async () => {
    infoApi(() => HttpResponse.json(envelope(info({ status: 1, progress: 99, secondsLeft: 0 }))));
    const app = renderZh('/aiStatus?orderId=AI1');
    const longer = await screen.findByTestId('ai-longer-than-usual');
    expect(longer).toHaveTextContent('本次分析用时比平常长');
    expect(longer).toHaveTextContent('如到明天仍未完成，请联系客服。');
    expect(screen.getByTestId('ai-progress-bar')).not.toHaveAttribute('aria-valuenow');
    expect(screen.queryByTestId('ai-progress-percent')).toBeNull();
    expect(screen.queryByTestId('ai-time-left')).toBeNull();
    expect(within(longer).getByTestId('ai-longer-help')).toHaveAttribute('href', '/help');
    act(() => app.services.store.update({ hospitalSetting }));
    expect(within(longer).getByTestId('ai-longer-call')).toHaveAttribute('href', 'tel:01065008888');
  });

  it('a hidden page asks nothing, however long; showing it again asks at once', async () => {
    const clock = new SimulatedClock();
    const asked = infoApi(() => HttpResponse.json(envelope(info({ progress: 40, secondsLeft: 300 }))));
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    const setVisibility = (state: DocumentVisibilityState) =>
      act(() => {
        visibility.mockReturnValue(state);
        document.dispatchEvent(new Event('visibilitychange'));
      });
    try {
      renderZh('/aiStatus?orderId=AI1', { clock });
      await screen.findByTestId('ai-progress-bar');
      setVisibility('hidden');
      expect(screen.getByTestId('ai-status')).toHaveAttribute('data-state', '{"following":"paused"}');
      act(() => clock.increment(10 * 60_000));
      expect(asked).toHaveLength(1);
      setVisibility('visible');
      await waitFor(() => expect(asked).toHaveLength(2));
    } finally {
      visibility.mockRestore();
    }
  });

  it('a failed analysis shows the hospital’s reason and apply again', async () => {
    infoApi(() => HttpResponse.json(envelope(info({ status: 4, progress: null, secondsLeft: null, failureReason: '图像层厚不符合要求' }))));
    renderZh('/aiStatus?orderId=AI1');
    expect(await screen.findByTestId('ai-failure-reason')).toHaveTextContent('图像层厚不符合要求');
    expect(screen.getByTestId('ai-apply-again')).toHaveAttribute('href', '/aiApply?id=8');
  });

  it('an order to be paid has a pay button that pays it once', async () => {
    infoApi(() => HttpResponse.json(envelope(info({ status: 2, progress: null, secondsLeft: null }))));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    payRequests.length = 0;
    renderZh('/aiStatus?orderId=AI1');
    const pay = await screen.findByTestId('ai-status-pay');
    expect(pay).toHaveTextContent('去支付 ¥19.90');
    await userEvent.dblClick(pay);
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(payRequests).toHaveLength(1);
    expect(payRequests[0]).toMatchObject({ payway: '2', checkRecordId: '41', returnUrl: 'http://localhost/aiStatus?orderId=AI1' });
  });

  it('an unknown order says the application message is lost', async () => {
    infoApi(() => refusal(4504));
    renderZh('/aiStatus?orderId=nope');
    expect(await screen.findByTestId('ai-status-missing')).toHaveTextContent('申请信息丢失');
  });
});

describe('aiResult', () => {
  it('a succeeded order shows its summary and opens the images with the AI findings in the viewer', async () => {
    const asked = infoApi(() => HttpResponse.json(envelope(info({ status: 3, progress: 100 }))));
    server.use(http.get(`${API_BASE}V1.0/AI/GetSJAiCheckResult`, () => HttpResponse.json(envelope({ status: 3, checkWay: 2, resultUrl: null, summary: '右肺上叶见一枚实性结节', findingCount: 1 }))));
    renderZh('/aiResult?id=8');
    expect(await screen.findByTestId('ai-summary')).toHaveTextContent('右肺上叶见一枚实性结节');
    expect(screen.getByTestId('ai-finding-count')).toHaveTextContent('发现 1 处可疑病灶');
    expect(asked).toEqual(['?id=8']);
    const open = screen.getByTestId('ai-open-images');
    expect(open.getAttribute('href')).toMatch(/^\/cloudFilm\?checkWay=2&result=2&showAi=true&wadourl=/);
  });

  it('a provider page on an origin not allowed is refused plainly', async () => {
    infoApi(() => HttpResponse.json(envelope(info({ status: 3, checkWay: 1 }))));
    server.use(http.get(`${API_BASE}V1.0/AI/GetSJAiCheckResult`, () => HttpResponse.json(envelope({ status: 3, checkWay: 1, resultUrl: 'https://evil.example.com/r/1', summary: '未见异常', findingCount: 0 }))));
    renderZh('/aiResult?id=8&orderId=AI1');
    expect(await screen.findByTestId('ai-result-refused')).toHaveTextContent('结果链接不在允许范围内');
    expect(screen.queryByTestId('ai-open-images')).not.toBeInTheDocument();
  });

  it('a provider page on an allowed origin opens there', async () => {
    infoApi(() => HttpResponse.json(envelope(info({ status: 3, checkWay: 1 }))));
    server.use(http.get(`${API_BASE}V1.0/AI/GetSJAiCheckResult`, () => HttpResponse.json(envelope({ status: 3, checkWay: 1, resultUrl: 'http://localhost/sandbox/ai-report/AI1', summary: null, findingCount: null }))));
    renderZh('/aiResult?id=8&orderId=AI1');
    expect(await screen.findByTestId('ai-open-images')).toHaveAttribute('href', 'http://localhost/sandbox/ai-report/AI1');
  });

  it('with an order named, shows that order and its number, not the study\'s newest', async () => {
    const asked = infoApi(() => HttpResponse.json(envelope(info({ status: 4, failureReason: '图像层厚不符合要求' }))));
    server.use(http.get(`${API_BASE}V1.0/AI/GetSJAiCheckResult`, () => HttpResponse.json(envelope({ status: 4, failureReason: '图像层厚不符合要求' }))));
    renderZh('/aiResult?id=8&orderId=AI1');
    expect(await screen.findByTestId('ai-order')).toHaveTextContent('订单编号AI1');
    expect(asked).toEqual(['?orderId=AI1']);
  });

  it('a failed order shows the reason and apply again', async () => {
    infoApi(() => HttpResponse.json(envelope(info({ status: 4, failureReason: '图像层厚不符合要求' }))));
    server.use(http.get(`${API_BASE}V1.0/AI/GetSJAiCheckResult`, () => HttpResponse.json(envelope({ status: 4, failureReason: '图像层厚不符合要求' }))));
    renderZh('/aiResult?id=8');
    expect(await screen.findByTestId('ai-failure-reason')).toHaveTextContent('图像层厚不符合要求');
    expect(screen.getByTestId('ai-apply-again')).toHaveAttribute('href', '/aiApply?id=8');
  });

  it('an order still under way goes to its progress', async () => {
    infoApi(() => HttpResponse.json(envelope(info({ status: 1 }))));
    renderZh('/aiResult?id=8');
    expect(await screen.findByTestId('ai-progress')).toBeInTheDocument();
  });

  it('a closed order says so', async () => {
    infoApi(() => HttpResponse.json(envelope(info({ status: 5, progress: null }))));
    renderZh('/aiResult?id=8');
    expect(await screen.findByTestId('ai-result-closed')).toBeInTheDocument();
  });

  it('no order: "application message lost"', async () => {
    infoApi(() => refusal(4504));
    renderZh('/aiResult?id=8');
    expect(await screen.findByTestId('ai-result-missing')).toHaveTextContent('申请信息丢失');
  });
});
