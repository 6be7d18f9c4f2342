/**
 * Configuration from environment variables, parsed once at start with clear errors. The names are a
 * contract (README lists each with its default).
 */
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where the built front end is; tests and benchmarks may point elsewhere. */
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** No trailing slash. */
  readonly publicUrl: string;
  readonly webDistDir: string;
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
  };
}
