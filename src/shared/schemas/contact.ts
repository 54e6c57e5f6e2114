import { z } from 'zod';
import { MESSAGE_STATES } from '../message-states';
import { CONTACT_LIMITS } from './contact-limits';
import { CONTROL_CHARACTERS_MESSAGE as bad, isOneLine, isPlainLines } from './plain-text';

export { CONTACT_LIMITS };

/** A contact-form message (docs/rules/shop-pages.md, Contact): the form, the page action and POST /api/contact share it. */
export const ContactSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(CONTACT_LIMITS.name, `Name must be less than ${CONTACT_LIMITS.name} characters`)
    .refine(isOneLine, bad('Name')),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .email('Invalid email address')
    .max(CONTACT_LIMITS.email, `Email must be less than ${CONTACT_LIMITS.email} characters`),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_LIMITS.message, `Message must be less than ${CONTACT_LIMITS.message} characters`)
    .refine(isPlainLines, bad('Message')),
});

export type ContactInput = z.input<typeof ContactSchema>;
export type ContactData = z.output<typeof ContactSchema>;

/** The owner marks a message unread, read or handled. */
export const MessageStateUpdateSchema = z.object({
  state: z.enum(MESSAGE_STATES, { error: `State must be one of: ${MESSAGE_STATES.join(', ')}` }),
});
