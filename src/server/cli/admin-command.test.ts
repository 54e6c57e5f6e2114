import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { ADMIN_USAGE, runAdminCommand } from './admin-command';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = (...args: string[]) => runAdminCommand(args, t.services.accounts);
const roleOf = (userId: string) => t.services.session.roleOf(userId);

describe('npm run admin', () => {
  it('grants and revokes the admin role, whatever the case of the e-mail', async () => {
    const user = await createUser(t);
    expect(await run('grant', user.email.toUpperCase())).toEqual({
      code: 0,
      message: `${user.email} is now an admin.`,
    });
    expect(await roleOf(user.userId)).toBe('admin');
    expect(await run('grant', user.email)).toEqual({
      code: 0,
      message: `${user.email} was already an admin; nothing changed.`,
    });

    expect(await run('revoke', user.email)).toEqual({
      code: 0,
      message: `${user.email} is no longer an admin.`,
    });
    expect(await roleOf(user.userId)).toBe('customer');
    expect((await run('revoke', user.email)).message).toBe(
      `${user.email} was not an admin; nothing changed.`,
    );
  });

  it('exits with 1 and says so for an unknown e-mail', async () => {
    expect(await run('grant', 'nobody@example.com')).toEqual({
      code: 1,
      message: 'No account with the e-mail nobody@example.com. They must sign up at /auth first.',
    });
  });

  it.each([[[]], [['grant']], [['promote', 'a@example.com']], [['grant', 'a@example.com', 'extra']]])(
    'prints the usage for %j',
    async (args) => {
      expect(await runAdminCommand(args, t.services.accounts)).toEqual({ code: 2, message: ADMIN_USAGE });
    },
  );
});
