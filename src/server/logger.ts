import { createRequire } from 'node:module';
import { pino } from 'pino';
import type { Config } from './config';
import { terminalRequestLine } from './terminal-request-lines';

type LoggerOptions = {
  logLevel: Config['logLevel'];
  /** 'json', 'pretty', or unset: readable lines in a terminal, JSON otherwise. */
  logFormat?: Config['logFormat'];
  env?: Config['env'];
  /** Where readable lines go (tests); standard output by default. */
  destination?: NodeJS.WritableStream;
};

type PinoPretty = typeof import('pino-pretty');

/**
 * pino-pretty is a dev dependency: a production install (`npm ci --omit=dev`) may not have it,
 * and then the logs stay JSON.
 */
function loadPinoPretty(): PinoPretty | null {
  try {
    return createRequire(import.meta.url)('pino-pretty') as PinoPretty;
  } catch {
    return null;
  }
}

/** LOG_FORMAT wins; unset, a person at a terminal gets readable lines and anything else JSON. */
export function wantsPrettyLogs(format: LoggerOptions['logFormat'], isTTY = !!process.stdout.isTTY): boolean {
  return format === 'pretty' || (format !== 'json' && isTTY);
}

/** Whether createLogger writes readable lines (true) or JSON (false). */
export function logsArePretty(config: LoggerOptions): boolean {
  return wantsPrettyLogs(config.logFormat) && loadPinoPretty() !== null;
}

export function createLogger(config: LoggerOptions) {
  const pretty = logsArePretty(config) ? loadPinoPretty() : null;
  if (!pretty) return pino({ level: config.logLevel });
  // In this thread rather than a transport worker, so log lines and the start-up banner reach the
  // terminal in the order they were written.
  const stream = pretty({
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    ...(config.destination ? { destination: config.destination } : {}),
  });
  return pino(
    {
      level: config.logLevel,
      hooks: {
        // A request is one short line, and a page's files none (terminal-request-lines.ts).
        logMethod(args, write) {
          const line = terminalRequestLine(args, this.isLevelEnabled('debug'));
          if (line === null) return;
          if (line === undefined) write.apply(this, args);
          else write.call(this, line);
        },
      },
    },
    stream,
  );
}

export type Logger = ReturnType<typeof createLogger>;
