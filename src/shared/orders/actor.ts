import type { StaffRole } from '../staff/back-office-access';

/** Who changed an order: recorded in its history. */
export interface Actor {
  type: 'customer' | 'admin' | 'system';
  /** The user's id for customers and admins. */
  id?: string;
  name: string;
  /** A back-office actor's role: some changes are the owner's alone (a paid order's cancel). */
  role?: StaffRole;
}

export const SYSTEM: Actor = { type: 'system', name: 'System' };

/** The signed-in admin as the author of a change. */
export const adminActor = (user: { id: string; name: string; staffRole?: StaffRole | null }): Actor => ({
  type: 'admin',
  id: user.id,
  name: user.name,
  ...(user.staffRole ? { role: user.staffRole } : {}),
});

/** The signed-in customer as the author of a change. */
export const customerActor = (user: { id: string; name: string }): Actor => ({
  type: 'customer',
  id: user.id,
  name: user.name,
});
