import { describe, expect, it } from 'vitest';
import { hasNewInvitations, invitationState } from './invitation-state';

const open = { isCurrent: true } as const;
const over = { isCurrent: false } as const;

describe('invitationState', () => {
  it('reads the answer, or whether it can still be answered', () => {
    expect(invitationState({ accepted: true, reservation: open } as never)).toBe('accepted');
    expect(invitationState({ accepted: false, reservation: open } as never)).toBe('rejected');
    expect(invitationState({ accepted: null, reservation: open } as never)).toBe('pending');
    expect(invitationState({ accepted: null, reservation: over } as never)).toBe('expired');
  });
});

describe('hasNewInvitations', () => {
  it('stays quiet on the first load and when the count stays or shrinks', () => {
    expect(hasNewInvitations(null, 3)).toBe(false);
    expect(hasNewInvitations(2, 2)).toBe(false);
    expect(hasNewInvitations(2, 1)).toBe(false);
  });

  it('tells when the pending count grows', () => {
    expect(hasNewInvitations(0, 1)).toBe(true);
    expect(hasNewInvitations(2, 4)).toBe(true);
  });
});
