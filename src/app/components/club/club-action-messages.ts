/** What a member's and the owner's changes to a subscription say once answered (their toasts). */
export const CLUB_ACTION_MESSAGES = {
  skip: { success: 'Next box skipped', failure: 'Could not skip the box' },
  pause: { success: 'Subscription paused', failure: 'Could not pause' },
  resume: { success: 'Subscription resumed', failure: 'Could not resume' },
  cancel: { success: 'Subscription cancelled', failure: 'Could not cancel' },
};
