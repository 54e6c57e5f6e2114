import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger, wantsPrettyLogs } from './logger';
import { REQUEST_MESSAGE } from './terminal-request-lines';

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

describe('requests at a terminal', () => {
  /** A readable logger (as `npm start` at a terminal) writing into `lines`. */
  function terminal(logLevel: 'info' | 'debug') {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...stripVTControlCharacters(String(chunk)).split('\n').filter(Boolean));
        done();
      },
    });
    return { log: createLogger({ logLevel, logFormat: 'pretty', destination }), lines };
  }
  const request = (path: string, route: string, status = 200) => ({
    reqId: '4f7c2a9e-0000-4000-8000-000000000000',
    method: 'GET',
    path,
    route,
    status,
    ms: 12.3,
  });
  /** A first page as Chromium loads it: the page, its scripts, styles and fonts, the favicon, the manifest. */
  const firstPage = [
    request('/', '/'),
    ...Array.from({ length: 38 }, (_, i) => request(`/assets/chunk-${i}.js`, '/assets/*')),
    request('/favicon.svg', '/:file'),
    request('/__manifest', '/*'),
  ];

  it('is one line for the page, and nothing for the files it loads, so the start banner stays on screen', () => {
    const { log, lines } = terminal('info');
    for (const r of firstPage) log.info(r, REQUEST_MESSAGE);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/INFO: GET \/ 200 12\.3 ms$/);
  });

  it('still shows a page file that failed, and every file at LOG_LEVEL=debug', () => {
    const quiet = terminal('info');
    quiet.log.info(request('/assets/gone.js', '/assets/*', 404), REQUEST_MESSAGE);
    expect(quiet.lines).toEqual([expect.stringMatching(/GET \/assets\/gone\.js 404 12\.3 ms$/)]);

    const loud = terminal('debug');
    for (const r of firstPage) loud.log.info(r, REQUEST_MESSAGE);
    expect(loud.lines).toHaveLength(firstPage.length);
  });

  it('leaves other lines as they were, fields and all', () => {
    const { log, lines } = terminal('info');
    log.warn({ reqId: 'abc' }, 'page failed');
    expect(lines.join('\n')).toMatch(/WARN: page failed\n\s+reqId: "abc"/);
  });
});
