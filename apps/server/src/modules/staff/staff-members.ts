/**
 * Owners manage who works at their restaurant (docs/product.md#staff-console): list, add by the
 * e-mail of an account (not a guest), remove. The restaurant always keeps an owner: removing the
 * last one is 409 CONFLICT LAST_OWNER (the memberships are locked, so two owners removing each
 * other at once leave one). Each change is audited and announced on the staff topic, whose
 * subscribers are checked again (a removed member stops receiving at once).
 */
import type { AddStaffMemberInput, StaffMember, StaffMemberList } from '@comensal/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAction } from './audit.ts';
import { toStaffMember } from './mappers.ts';
import { requireOwner } from './staff-access.ts';
import { publishStaffEvent, STAFF_EVENTS } from './staff-events.ts';
import { staffRepository } from './staff-repository.ts';

export async function listStaffMembers(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
): Promise<StaffMemberList> {
  await requireOwner(ctx, diner, restaurantId);
  const rows = await staffRepository(ctx.db).listMembers(restaurantId);
  return { items: rows.map(toStaffMember), nextCursor: null };
}

export async function addStaffMember(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
  input: AddStaffMemberInput,
): Promise<StaffMember> {
  await requireOwner(ctx, diner, restaurantId);
  const repository = staffRepository(ctx.db);
  const role = input.role ?? 'staff';
  const user = await repository.findUserByEmail(input.email);
  if (!user) {
    throw new AppError('NOT_FOUND', 'No account has this e-mail: ask them to sign up first', {
      reason: 'USER_NOT_FOUND',
    });
  }
  return inTransaction(ctx.db, async (tx) => {
    if (!(await repository.insertMember(restaurantId, user.id, role, ctx.now(), tx))) {
      throw new AppError('CONFLICT', 'This person already works at the restaurant', {
        reason: 'ALREADY_STAFF',
      });
    }
    await recordAction(ctx, tx, diner, {
      restaurantId,
      action: 'staff.added',
      target: { type: 'staff', id: user.id },
      before: null,
      after: { email: input.email.toLowerCase(), role },
    });
    await publishStaffEvent(ctx, tx, STAFF_EVENTS.membersChanged, { restaurantId, userId: user.id });
    const member = await repository.findMember(restaurantId, user.id, tx);
    return toStaffMember(member!);
  });
}

export async function removeStaffMember(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
  userId: string,
): Promise<void> {
  await requireOwner(ctx, diner, restaurantId);
  if (!isUuid(userId)) throw AppError.notFound('Staff member');
  const repository = staffRepository(ctx.db);
  await inTransaction(ctx.db, async (tx) => {
    const owners = await repository.lockMembersCountingOwners(restaurantId, tx);
    const member = await repository.findMember(restaurantId, userId, tx);
    if (!member) throw AppError.notFound('Staff member');
    if (member.role === 'owner' && owners <= 1) {
      throw new AppError('CONFLICT', 'The restaurant needs an owner: add another owner first', {
        reason: 'LAST_OWNER',
      });
    }
    await repository.deleteMember(restaurantId, userId, tx);
    await recordAction(ctx, tx, diner, {
      restaurantId,
      action: 'staff.removed',
      target: { type: 'staff', id: userId },
      before: { email: member.email, role: member.role },
      after: null,
    });
    await publishStaffEvent(ctx, tx, STAFF_EVENTS.membersChanged, { restaurantId, userId });
  });
}
