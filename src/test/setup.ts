import { afterEach, expect, vi } from 'vitest';

// A test fails on an unexpected console.error (STYLE §7); expected ones are mocked by the test.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  expect(calls, 'unexpected console.error').toEqual([]);
});
