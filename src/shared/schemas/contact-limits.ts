/**
 * Field limits of a contact message, apart from the zod schema so the contact page can set
 * maxLength without shipping zod to the browser.
 */
export const CONTACT_LIMITS = { name: 100, email: 255, message: 5000 } as const;
