/**
 * The owner token generated for a run (ADMIN_TOKEN unset, never in production), printed once as a block
 * of its own after the server listens: the last thing a first start shows, where the owner finds it
 * without reading the build's output or the JSON log lines (none of which carries the token).
 */
import type { AppConfig } from '../config';

export function generatedTokenNotice(config: Pick<AppConfig, 'admin' | 'publicUrl'>): string | null {
  if (!config.admin.tokenGenerated) return null;
  const rule = '─'.repeat(64);
  return [
    '',
    rule,
    '  Owner token for this run (ADMIN_TOKEN is not set):',
    '',
    `      ${config.admin.token}`,
    '',
    `  Open ${config.publicUrl}/admin and paste it under "First start".`,
    '  It changes at every restart: set ADMIN_TOKEN to keep one.',
    rule,
    '',
  ].join('\n');
}
