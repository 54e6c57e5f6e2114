import { describe, expect, it } from 'vitest';
import { SIGN_UP_MESSAGES as m, SignInSchema, type SignUpInput, SignUpSchema } from './sign-up';

const valid: SignUpInput = {
  fullName: "Mary O'Neill-Smith",
  email: 'mary@example.com',
  phone: '07123456789',
  address: '3 Mardol',
  city: 'Shrewsbury',
  postcode: 'SY1 1PU',
  password: 'biscuits',
};

/** The first message the form would toast (and the server would answer) for these details. */
function firstMessage(overrides: Partial<Record<keyof SignUpInput, unknown>>) {
  const result = SignUpSchema.safeParse({ ...valid, ...overrides });
  return result.success ? null : result.error.issues[0]?.message;
}

/** A valid address of exactly `length` characters (local part 64, labels of at most 63). */
const emailOfLength = (length: number) =>
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 64 - 1 - 64 - 64 - 4)}.com`;

describe('SignUpSchema rules, in the order of docs/rules/accounts.md', () => {
  it.each<[string, Partial<Record<keyof SignUpInput, unknown>>, string | null]>([
    // fullName
    ['accepts a name with letters, spaces, a hyphen and an apostrophe', {}, null],
    ['accepts accented and curly-apostrophe names', { fullName: 'Zoë D’Arcy' }, null],
    ['requires a full name', { fullName: '' }, m.fullNameRequired],
    ['counts a name of only spaces as missing', { fullName: '   ' }, m.fullNameRequired],
    ['requires a full name when the field is absent', { fullName: undefined }, m.fullNameRequired],
    ['accepts a 100-character name', { fullName: 'a'.repeat(100) }, null],
    ['accepts 100 characters surrounded by spaces', { fullName: `  ${'a'.repeat(100)}  ` }, null],
    ['refuses a 101-character name', { fullName: 'a'.repeat(101) }, m.fullNameTooLong],
    ['refuses digits in a name', { fullName: 'Mary 2' }, m.fullNameCharacters],
    ['refuses other punctuation in a name', { fullName: 'Mary.Smith' }, m.fullNameCharacters],
    // email
    ['refuses an address without a domain', { email: 'mary@' }, m.emailInvalid],
    ['refuses text that is not an address', { email: 'mary' }, m.emailInvalid],
    ['refuses an empty email', { email: '' }, m.emailInvalid],
    ['accepts an email surrounded by spaces', { email: '  mary@example.com ' }, null],
    ['accepts a 255-character email', { email: emailOfLength(255) }, null],
    ['refuses a 256-character email', { email: emailOfLength(256) }, m.emailTooLong],
    // phone
    ['accepts a mobile written with spaces', { phone: ' 07123 456 789 ' }, null],
    ['refuses a landline', { phone: '01743123456' }, m.phone],
    ['refuses 10 digits', { phone: '0712345678' }, m.phone],
    ['refuses 12 digits', { phone: '071234567890' }, m.phone],
    ['refuses the +44 form', { phone: '+447123456789' }, m.phone],
    ['refuses letters in a phone number', { phone: '07123abc789' }, m.phone],
    ['refuses an empty phone', { phone: '' }, m.phone],
    // address
    ['requires an address', { address: '' }, m.addressRequired],
    ['counts an address of only spaces as missing', { address: '  ' }, m.addressRequired],
    ['accepts a 200-character address', { address: 'a'.repeat(200) }, null],
    ['refuses a 201-character address', { address: 'a'.repeat(201) }, m.addressTooLong],
    // city
    ['requires a city', { city: '' }, m.cityRequired],
    ['accepts a 100-character city', { city: 'a'.repeat(100) }, null],
    ['refuses a 101-character city', { city: 'a'.repeat(101) }, m.cityTooLong],
    // postcode
    ['accepts a lower-case postcode', { postcode: 'sy1 1pu' }, null],
    ['accepts a postcode without its space', { postcode: 'SY11PU' }, null],
    ['accepts London-style postcodes', { postcode: 'SW1A 2AA' }, null],
    ['accepts a postcode with runs of spaces', { postcode: '  sw1a   2aa ' }, null],
    ['refuses a postcode of the wrong shape', { postcode: 'SY1 1P' }, m.postcode],
    ['refuses a postcode starting with a digit', { postcode: '1SY 1PU' }, m.postcode],
    ['refuses an empty postcode', { postcode: '' }, m.postcode],
    // password
    ['refuses a 5-character password', { password: '12345' }, m.passwordTooShort],
    ['accepts a 6-character password', { password: '123456' }, null],
    ['accepts a 72-character password', { password: 'p'.repeat(72) }, null],
    ['refuses a 73-character password', { password: 'p'.repeat(73) }, m.passwordTooLong],
    ['does not trim passwords', { password: '  123 ' }, null],
  ])('%s', (_, overrides, expected) => {
    expect(firstMessage(overrides)).toBe(expected);
  });

  it('reports the first failing field in the order of docs/rules/accounts.md when several fail', () => {
    expect(firstMessage({ password: '1', postcode: 'x', phone: 'x', city: '' })).toBe(m.phone);
    expect(firstMessage({ password: '1', postcode: 'x' })).toBe(m.postcode);
    expect(firstMessage({ email: 'x', fullName: '' })).toBe(m.fullNameRequired);
  });

  it('reports "required" before the character rule for an empty name', () => {
    expect(firstMessage({ fullName: '' })).toBe(m.fullNameRequired);
  });

  it('cleans the values it accepts', () => {
    const data = SignUpSchema.parse({
      fullName: '  Mary Jones ',
      email: ' Mary@Example.com ',
      phone: '07123 456 789',
      address: ' 3 Mardol ',
      city: ' Shrewsbury ',
      postcode: ' sy1   1pu ',
      password: ' secret ',
    });
    expect(data).toEqual({
      fullName: 'Mary Jones',
      email: 'Mary@Example.com',
      phone: '07123456789',
      address: '3 Mardol',
      city: 'Shrewsbury',
      postcode: 'SY1 1PU',
      password: ' secret ',
    });
  });
});

describe('SignInSchema', () => {
  it.each([
    [{ email: '', password: 'x' }, 'Email is required'],
    [{ email: '  ', password: 'x' }, 'Email is required'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
  ])('requires both fields (%o)', (input, message) => {
    expect(SignInSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it('leaves every other check to the server', () => {
    expect(SignInSchema.safeParse({ email: 'not-an-email', password: '1' }).success).toBe(true);
  });
});
