/**
 * The navigator (src/app/navigator.tsx): what runs outside React moves the app through the router,
 * before it is mounted as well, and hears of each new page.
 */
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createNavigator, NavigatorBridge } from '../../src/app/navigator';
import { RouterProbe, testRouter } from './renderApp';

function mount(navigator = createNavigator(), path = '/index') {
  const router = testRouter();
  const view = render(
    <MemoryRouter initialEntries={['/before', path]} initialIndex={1}>
      <NavigatorBridge navigator={navigator} />
      <RouterProbe router={router} />
      <Routes>
        <Route path="*" element={null} />
      </Routes>
    </MemoryRouter>,
  );
  return { navigator, router, view };
}

describe('the app navigator', () => {
  it('replaces the page when asked once the router is mounted', () => {
    const { navigator, router } = mount();
    act(() => navigator.goTo('/Home'));
    expect(router.state.location.pathname).toBe('/Home');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('makes a move asked for before the router was mounted as soon as it is', () => {
    const navigator = createNavigator();
    navigator.goTo('/oidc-error');
    const { router } = mount(navigator);
    expect(router.state.location.pathname).toBe('/oidc-error');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('tells of every page after the first, not of the first', () => {
    const navigator = createNavigator();
    const changed = vi.fn();
    navigator.onPageChange(changed);
    const { router } = mount(navigator);
    expect(changed).not.toHaveBeenCalled();
    act(() => void router.navigate('/aiOrder'));
    act(() => void router.navigate(-1));
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('holds a move again once the router is gone', () => {
    const { navigator, view } = mount();
    view.unmount();
    navigator.goTo('/Home');
    const { router } = mount(navigator);
    expect(router.state.location.pathname).toBe('/Home');
  });
});
