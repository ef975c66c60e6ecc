import { z } from 'zod';

/** A short human text such as a name (trimmed, not empty). */
export const textParam = (max = 200) => z.string().trim().min(1).max(max);

/** A link: absolute http(s) URL or a path on PUBLIC_URL; checked again when rendering. */
export const linkParam = () => z.string().trim().min(1).max(2000);
