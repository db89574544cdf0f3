// A phone camera's photo made smaller in the browser before it is sent: a 50-megapixel photo is
// over the server's 40-megapixel limit (and slow to send on a shop's connection), but the shop
// never shows more than 1600 px. The picture is drawn upright (EXIF orientation applied) and sent
// as a JPEG; a photo already small enough is sent as it is.

/** The longest side a shrunk photo keeps: room for any width the shop serves, and for zoom. */
export const LONGEST_SIDE = 3200;
/** Photos above this many pixels, or above SHRINK_BYTES, are shrunk before sending. */
export const SHRINK_PIXELS = 12_000_000;
export const SHRINK_BYTES = 8 * 1024 * 1024;

/** The size to draw a `width` × `height` photo at, or null when it is fine as it is. */
export function shrunkSize(width: number, height: number, bytes: number): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (width * height <= SHRINK_PIXELS && bytes <= SHRINK_BYTES && longest <= LONGEST_SIDE * 2) return null;
  const scale = Math.min(1, LONGEST_SIDE / longest);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The file to upload: `file` itself, or a smaller upright JPEG of it. */
export async function shrinkPhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || !file.type.startsWith('image/')) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Not decodable here (a format this browser lacks): the server says what is wrong with it.
    return file;
  }
  try {
    const size = shrunkSize(bitmap.width, bitmap.height, file.size);
    if (!size) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.88));
    if (!blob) return file;
    const name = file.name.replace(/\.[^.]+$/, '') + '.jpg';
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
