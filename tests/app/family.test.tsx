import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FamilyMember } from '../../src/shared/api/familySchemas';
import { FAMILY_CODES, FAMILY_MEMBER_HEADER } from '../../src/shared/api/familySchemas';
import { reloadAt } from '../../src/shared/navigation/reloadAt';
import { nationalIdCheckCharacter } from '../../src/shared/rules/nationalId';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

vi.mock('../../src/shared/navigation/reloadAt', () => ({ reloadAt: vi.fn() }));

startMswServer();
afterEach(() => {
  sessionStorage.clear();
  vi.mocked(reloadAt).mockClear();
});

const MOTHER: FamilyMember = { memberId: '7', name: '李梅', relation: 'parent', sex: 'F', birthDate: '1955-03-02', addedAt: '2026-11-20T10:00:00Z' };
const SON: FamilyMember = { memberId: '9', name: '张小明', relation: 'child', sex: 'M', birthDate: '2015-06-01', addedAt: '2026-11-21T10:00:00Z' };
const ACTING_KEY = 'cf.actingMember';

/** The family the sandbox answers, and the member header each call carried. */
function familyServer(members: () => FamilyMember[]) {
  const headers: Array<string | null> = [];
  server.use(
    http.get(`${API_BASE}V1.0/Family/list`, ({ request }) => {
      headers.push(request.headers.get(FAMILY_MEMBER_HEADER));
      return HttpResponse.json(envelope({ members: members() }));
    }),
  );
  return headers;
}

describe('whose records: the home page (issue 27 §2)', () => {
  it('shows the patient and each family member, the patient pressed; a member tapped is acted for from a fresh start at home', async () => {
    const user = userEvent.setup();
    familyServer(() => [MOTHER, SON]);
    renderApp('/Home');
    const switcher = await screen.findByTestId('family-switcher');
    await waitFor(() => expect(within(switcher).getAllByTestId('family-member')).toHaveLength(2));
    expect(within(switcher).getByTestId('family-self')).toHaveAttribute('aria-pressed', 'true');
    expect(within(switcher).getAllByTestId('family-member').map((chip) => chip.textContent)).toEqual(['Parent · 李梅', 'Child · 张小明']);
    await user.click(within(switcher).getAllByTestId('family-member')[0]!);
    expect(JSON.parse(sessionStorage.getItem(ACTING_KEY)!)).toEqual({ memberId: '7', name: '李梅', relation: 'parent' });
    expect(reloadAt).toHaveBeenCalledWith('/Home');
  });

  it('acting for a member: every call names them, every screen says whose records these are, and one tap goes back', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(ACTING_KEY, JSON.stringify({ memberId: '7', name: '李梅', relation: 'parent' }));
    const headers = familyServer(() => [MOTHER]);
    renderApp('/Home');
    expect(await screen.findByTestId('family-banner')).toHaveTextContent('Showing the records of Parent · 李梅');
    await waitFor(() => expect(within(screen.getByTestId('family-switcher')).getByTestId('family-member')).toHaveAttribute('aria-pressed', 'true'));
    expect(headers[0]).toBe('7');
    await user.click(screen.getByTestId('family-banner-back'));
    expect(sessionStorage.getItem(ACTING_KEY)).toBeNull();
    expect(reloadAt).toHaveBeenCalledWith('/Home');
  });

  it('says so when the member acted for was removed elsewhere', async () => {
    sessionStorage.setItem(ACTING_KEY, JSON.stringify({ memberId: '7', name: '李梅', relation: 'parent' }));
    familyServer(() => []);
    renderApp('/Home');
    expect(await screen.findByTestId('family-gone')).toHaveTextContent('no longer in your family');
  });

  it('in Chinese reads naturally', async () => {
    sessionStorage.setItem(ACTING_KEY, JSON.stringify({ memberId: '9', name: '张小明', relation: 'child' }));
    familyServer(() => [SON]);
    renderApp('/Home', { locale: 'zh-CN' });
    expect(await screen.findByTestId('family-banner')).toHaveTextContent('正在查看 子女 · 张小明 的记录');
    expect(screen.getByTestId('family-switcher')).toHaveTextContent('查看谁的记录');
  });
});

describe('family members in the personal centre', () => {
  it('removes a member only after the patient confirms; removing the one acted for goes back to their own records', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(ACTING_KEY, JSON.stringify({ memberId: '7', name: '李梅', relation: 'parent' }));
    let members = [MOTHER, SON];
    const removed: unknown[] = [];
    familyServer(() => members);
    server.use(
      http.post(`${API_BASE}V1.0/Family/remove`, async ({ request }) => {
        const body = (await request.json()) as { memberId: string };
        removed.push(body);
        members = members.filter((member) => member.memberId !== body.memberId);
        return HttpResponse.json(envelope(null, 200, '操作成功'));
      }),
    );
    renderApp('/personal');
    const section = await screen.findByTestId('family-section');
    await waitFor(() => expect(within(section).getAllByTestId('family-row')).toHaveLength(2));
    await user.click(within(section).getAllByTestId('family-remove')[0]!);
    const dialog = screen.getByTestId('family-remove-dialog');
    expect(dialog).toHaveTextContent('Remove Parent · 李梅?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(removed).toEqual([]);
    await user.click(within(section).getAllByTestId('family-remove')[0]!);
    await user.click(within(screen.getByTestId('family-remove-dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(section).getAllByTestId('family-row')).toHaveLength(1));
    expect(removed).toEqual([{ memberId: '7' }]);
    expect(sessionStorage.getItem(ACTING_KEY)).toBeNull();
    expect(reloadAt).toHaveBeenCalledWith('/personal');
  });

  it('adds a parent with their national ID, the image code and the SMS code sent to their phone, then shows the family', async () => {
    const user = userEvent.setup();
    const idCard = `11010519550302002${nationalIdCheckCharacter('11010519550302002')}`;
    const added: unknown[] = [];
    let members: FamilyMember[] = [];
    familyServer(() => members);
    server.use(
      http.get(`${API_BASE}V1.0/Package/imagecode`, () => HttpResponse.json(envelope({ captchaId: 'c-1', image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresInSeconds: 120 }))),
      http.get(`${API_BASE}V1.0/Package/checkcollect`, () => HttpResponse.json(envelope({ phoneMasked: '139****0000', studyCount: 2 }))),
      http.post(`${API_BASE}V1.0/Package/sendcode`, () => HttpResponse.json(envelope({ verificationId: 'v-1', phoneMasked: '139****0000', codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 }))),
      http.post(`${API_BASE}V1.0/Family/add`, async ({ request }) => {
        added.push(await request.json());
        if (added.length === 1) return HttpResponse.json(envelope(null, FAMILY_CODES.already, '已是您的家庭成员'));
        members = [MOTHER];
        return HttpResponse.json(envelope(MOTHER));
      }),
    );
    const app = renderApp('/addFilm?family=parent');
    expect(await screen.findByText(/Type your family member's national ID/)).toBeVisible();
    // A family member is proved by their national ID alone.
    expect(screen.queryByTestId('collect-method-namePhone')).not.toBeInTheDocument();
    await user.type(screen.getByTestId('collect-idCard'), idCard);
    await screen.findByAltText('Picture code');
    await user.type(screen.getByTestId('collect-captchaText'), 'K7WP');
    await user.click(screen.getByTestId('collect-send'));
    await user.type(await screen.findByTestId('collect-code'), '123456');
    await user.click(screen.getByTestId('collect-verify'));
    expect(await screen.findByTestId('collect-problem')).toHaveTextContent('already one of your family members');
    await user.type(screen.getByTestId('collect-code'), '123456');
    await user.click(screen.getByTestId('collect-verify'));
    await waitFor(() => expect(app.location()).toBe('/personal#family'));
    expect(added).toEqual([
      { verificationId: 'v-1', code: '123456', relation: 'parent' },
      { verificationId: 'v-1', code: '123456', relation: 'parent' },
    ]);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Family member added');
    await waitFor(() => expect(within(screen.getByTestId('family-section')).getByTestId('family-row')).toHaveTextContent('Parent · 李梅'));
  });
});
