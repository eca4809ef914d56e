/** Cloud Film's own mark: the page's icon (index.html), the hub's logo until a hospital's comes, a WeChat card's image. */
export const APP_MARK_PATH = '/favicon.svg';
