/**
 * The sizes a dish picture is stored at, and the rule that turns its URL into what an `<img>`
 * needs (`srcset`, width, height): pure, shared by the server that writes the files and the web
 * app that shows them (docs/decisions/0038-responsive-pictures.md).
 *
 * Every file of one upload is named `<16 hex>.<width>w.webp` in one folder, and the product's
 * `imageUrl` names the widest: the other widths and the 4:3 height follow from the URL alone.
 * Any other URL (the demo's SVGs, a picture elsewhere) is one picture with no `srcset`.
 */

/** A picture narrower than this once cut to 4:3 is refused (PICTURE_TOO_SMALL). */
export const MIN_DISH_PICTURE_WIDTH = 160;

/**
 * The widths stored, in CSS pixels × density: a menu card's 96–128 px thumbnail at 2–3×, the
 * product page's full-width picture on a phone (360–414 px) at 1.5–2.5×, and a tablet's.
 */
export const PICTURE_WIDTHS = [320, 640, 960] as const;
/** The height of a stored picture `width` pixels wide (4:3). */
export const pictureHeight = (width: number): number => Math.round((width * 3) / 4);

/**
 * The widths stored for a picture whose 4:3 cut is `sourceWidth` wide: each of PICTURE_WIDTHS
 * below it and the widest it allows (never wider than the picture: no upscaling).
 */
export function pictureWidths(sourceWidth: number): number[] {
  const widest = Math.min(Math.floor(sourceWidth), PICTURE_WIDTHS.at(-1)!);
  return [...PICTURE_WIDTHS.filter((width) => width < widest), widest];
}

/** The file name of one stored width of the upload named `name` (16 hex). */
export const pictureFileName = (name: string, width: number): string => `${name}.${width}w.webp`;

const UPLOADED = /^(.*\/)?([0-9a-f]{16})\.([1-9]\d{0,3})w\.webp$/;

/**
 * Every stored width of the upload `url` names (…/<hex>.<W>w.webp, W at most the widest of
 * PICTURE_WIDTHS), narrowest first with its URL; null for any other URL. A query or fragment is
 * not part of the name.
 */
export function uploadedPictureFiles(url: string): { width: number; url: string }[] | null {
  const match = UPLOADED.exec(url.split(/[?#]/, 1)[0]!);
  const widest = match ? Number(match[3]) : NaN;
  if (!match || widest > PICTURE_WIDTHS.at(-1)!) return null;
  const folder = match[1] ?? '';
  return pictureWidths(widest).map((width) => ({ width, url: folder + pictureFileName(match[2]!, width) }));
}

export interface PictureSources {
  /** The URL as given (the widest file of an upload). */
  src: string;
  /** `url 320w, url 640w, …`, or null when the URL is not an upload's (one picture). */
  srcSet: string | null;
  /** The widest file's size in pixels, or null when unknown. */
  width: number | null;
  height: number | null;
}

/**
 * What an `<img>` needs for a picture URL: for an upload's every stored width as a `srcset`;
 * anything else as it is, with no `srcset` and no known size.
 */
export function pictureSources(url: string): PictureSources {
  const files = uploadedPictureFiles(url);
  if (!files) return { src: url, srcSet: null, width: null, height: null };
  const widest = files.at(-1)!.width;
  return {
    src: url,
    srcSet: files.map((file) => `${file.url} ${file.width}w`).join(', '),
    width: widest,
    height: pictureHeight(widest),
  };
}
