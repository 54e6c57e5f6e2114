import { describe, expect, it } from 'vitest';
import { wantsPrettyLogs } from './logger';

describe('log format', () => {
  it('is readable lines in a terminal and JSON lines anywhere else', () => {
    expect(wantsPrettyLogs(undefined, true)).toBe(true);
    expect(wantsPrettyLogs(undefined, false)).toBe(false);
  });

  it('follows LOG_FORMAT when it is set', () => {
    expect(wantsPrettyLogs('json', true)).toBe(false);
    expect(wantsPrettyLogs('pretty', false)).toBe(true);
  });
});
