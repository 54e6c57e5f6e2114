import { afterEach, expect, vi } from 'vitest';

// A test fails on an unexpected console.error (an error nobody expected is a bug); expected ones are mocked by the test.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  expect(calls, 'unexpected console.error').toEqual([]);
});
