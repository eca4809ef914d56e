import * as css from './startFailed.css';

/**
 * What the page says when even its strings did not arrive (offline at the first load): in both
 * languages, since neither could be loaded, with a reload. Plain DOM: React has nothing to show yet.
 */
export function showStartFailed(root: HTMLElement, reload: () => void = () => window.location.reload()) {
  const page = document.createElement('main');
  page.className = css.page;
  const zh = document.createElement('p');
  zh.lang = 'zh-CN';
  zh.textContent = '电子云胶片没有加载完成，请检查网络后重新加载。';
  const en = document.createElement('p');
  en.lang = 'en';
  en.textContent = 'Cloud Film did not finish loading. Check your connection, then reload.';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = css.reload;
  button.textContent = '重新加载 Reload';
  button.addEventListener('click', reload);
  page.append(zh, en, button);
  root.replaceChildren(page);
}
