/**
 * What the page says when even its strings did not arrive (offline at the first load): the frame
 * index.html drew says at once what it says when the code is slow, in both languages (neither
 * could be loaded), with a reload. No React: it has nothing to show yet.
 */
export function showStartFailed(doc: Document = document): void {
  doc.querySelector('.boot-shell')?.classList.add('boot-failed');
}
