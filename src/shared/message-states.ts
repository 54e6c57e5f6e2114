/** Where the owner is with a contact message: new to them, read, or handled (nothing left to do). */
export const MESSAGE_STATES = ['unread', 'read', 'handled'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  unread: 'Unread',
  read: 'Read',
  handled: 'Handled',
};
