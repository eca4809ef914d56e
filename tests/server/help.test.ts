// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from '../../server/helpContent';
import { startSandbox } from './helpers';

describe('the help centre (V1.0/HelpSupport), public', () => {
  it('lists every question type with its questions, in the language asked for, without signing in', async () => {
    const app = await startSandbox();
    const zh = (await app.inject({ url: '/api/V1.0/HelpSupport/QuestionTypes' })).json();
    const en = (await app.inject({ url: '/api/V1.0/HelpSupport/QuestionTypes?lang=en' })).json();
    expect(zh.statusCode).toBe(200);
    expect(zh.result.map((type: { name: string }) => type.name)).toEqual(['领取与查看', '下载与分享', '付费与订单', '账号与隐私']);
    expect(en.result[0].name).toBe('Collecting and viewing');
    const titles = en.result.flatMap((type: { questions: unknown[] }) => type.questions);
    expect(titles).toHaveLength(HELP_ARTICLES.length);
  });

  it('answers one article as paragraphs with its related questions; an unknown one is 4301', async () => {
    const app = await startSandbox();
    const article = (await app.inject({ url: '/api/V1.0/HelpSupport/QuestionInfo?questionId=collect-qr&lang=en' })).json();
    expect(article.result).toMatchObject({ questionId: 'collect-qr', typeName: 'Collecting and viewing' });
    expect(article.result.paragraphs.length).toBeGreaterThan(1);
    expect(article.result.related.map((one: { questionId: string }) => one.questionId)).toEqual(['collect-sms', 'collect-when']);
    expect((await app.inject({ url: '/api/V1.0/HelpSupport/QuestionInfo?questionId=nothing' })).json()).toMatchObject({ statusCode: 4301, result: null });
  });

  it('every related question names an article that exists', () => {
    const ids = new Set(HELP_ARTICLES.map((article) => article.questionId));
    for (const article of HELP_ARTICLES) for (const id of article.related) expect(ids.has(id), `${article.questionId} → ${id}`).toBe(true);
  });
});
