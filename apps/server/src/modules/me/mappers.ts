import { localeSchema, type Me } from '@comensal/contracts';
import type { PointsRow, ProfileRow } from './me-repository.ts';

export function toMe(profile: ProfileRow, points: readonly PointsRow[]): Me {
  const locale = localeSchema.safeParse(profile.locale);
  return {
    id: profile.id,
    email: profile.email,
    displayName: profile.name,
    phoneNumber: profile.phoneNumber,
    photoURL: profile.image,
    locale: locale.success ? locale.data : null,
    isGuest: profile.isGuest,
    createdAt: profile.createdAt.toISOString(),
    points: points.map((row) => ({ ...row })),
  };
}
