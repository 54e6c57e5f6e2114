import { pino } from 'pino';
import type { Config } from './config';

export function createLogger(config: Pick<Config, 'env' | 'logLevel'>) {
  const pretty = config.env === 'development';
  return pino({
    level: config.logLevel,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  });
}

export type Logger = ReturnType<typeof createLogger>;
