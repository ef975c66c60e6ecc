/**
 * Dish pictures uploaded by staff (docs/decisions/0038-responsive-pictures.md).
 *
 *   POST /api/staff/restaurants/:id/products/:productId/picture
 *        multipart, one file field "picture" → StaffProduct
 *        JPEG/PNG/WebP by content, ≤ MAX_DISH_PICTURE_BYTES, at least 160 px wide once cut to
 *        4:3; stored as 4:3 WebP files at 320, 640 and 960 px wide (never wider than it came);
 *        the product's `imageUrl` names the widest. 400 VALIDATION_FAILED (`details.reason`
 *        PICTURE_TOO_SMALL), 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE: nothing changed.
 *
 * The API carries no list of the stored widths: they follow from `imageUrl` by the rule of
 * @comensal/domain's `pictureSources` (every file of one upload is `<16 hex>.<width>w.webp` in
 * one folder). Any other URL (the demo's SVGs, a picture elsewhere) is one picture.
 */

/** Largest dish picture accepted, in bytes (8 MB: a phone's photo). */
export const MAX_DISH_PICTURE_BYTES = 8 * 1024 * 1024;
/** The multipart field name of the dish picture. */
export const DISH_PICTURE_FIELD = 'picture';
