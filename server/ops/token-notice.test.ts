/**
 * A first start without ADMIN_TOKEN: the real server prints the token it generated as a block of its
 * own, the last thing it prints, and in no JSON log line; it is the owner's token.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess, tinyWebDist } from '../../tests/support/server-process';
import { tempDataDir } from '../../tests/support/test-app';

describe('the generated owner token', () => {
  it('is printed as a block at the end of the start, and opens the desk', async () => {
    const data = tempDataDir();
    try {
      const server = await startServerProcess(
        { DATA_DIR: data.dir, ADMIN_TOKEN: '', WEB_DIST_DIR: tinyWebDist(path.join(data.dir, 'web')) },
        { timeoutMs: 30_000 },
      );
      try {
        await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/Owner token for this run/);
        const output = server.output().trimEnd();
        const block = output.slice(output.lastIndexOf('Owner token for this run'));
        const token = /^\s{4,}(\S{32})$/m.exec(block)?.[1] ?? '';
        expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(block).toContain('/admin');
        // After the block, nothing but its closing rule; no log line carries the token.
        expect(output.endsWith('─'.repeat(64))).toBe(true);
        const logLines = output.split('\n').filter((line) => line.startsWith('{'));
        expect(logLines.length).toBeGreaterThan(0);
        expect(logLines.filter((line) => line.includes(token))).toEqual([]);

        const me = await fetch(`${server.url}/api/admin/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(me.status).toBe(200);
      } finally {
        server.kill('SIGTERM');
        await server.exited;
      }
    } finally {
      data.remove();
    }
  }, 60_000);
});
