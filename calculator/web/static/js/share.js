// A picture handed on from the phone: to its share sheet (Web Share API with a file) where the
// browser has one, else saved by a download link. The share card (card.js) and the ruling
// picture (ruling.js) go out this way.

/** A blob as a data: URL, which the page's Content-Security-Policy allows for images. */
export const dataUrl = (blob) => new Promise((resolve) => {
  const reader = new FileReader();
  reader.onload = () => resolve(reader.result);
  reader.readAsDataURL(blob);
});

/** Whether this browser shares a file of the type of `file` (Web Share API level 2). */
export const canShareFile = (file) => Boolean(navigator.canShare?.({ files: [file] }));

/** Hand `png` (a Blob) to the share sheet as the file `name`: 'shared' once shared, 'ready'
 *  when there is no sheet for it or it was closed (a download link saves it then). */
export async function sharePng(png, name, title) {
  const file = new File([png], name, { type: 'image/png' });
  if (!canShareFile(file)) return 'ready';
  try {
    await navigator.share({ files: [file], title });
    return 'shared';
  } catch {
    return 'ready';
  }
}
