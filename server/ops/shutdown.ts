/**
 * Graceful shutdown on SIGTERM / SIGINT: stop accepting connections, let requests in flight finish,
 * let the outbox finish the message it is sending (platform.ts's onClose), close the database, exit 0.
 * If that takes longer than the grace period (a hung mail server), exit 1 anyway: the outbox will send
 * what is left after the restart. A second signal exits at once.
 */
import type { FastifyInstance } from 'fastify';

/** Below the usual 30 s a supervisor (systemd, Docker, Kubernetes) waits before SIGKILL. */
export const SHUTDOWN_GRACE_MS = 25_000;

export function installShutdown(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight and the current e-mail');
    // A keep-alive connection whose request finishes during the drain would otherwise stay open (and
    // hold the close) until its idle timeout: close connections as soon as they go idle.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    const timer = setTimeout(() => {
      app.log.error({ graceMs }, 'shutdown took too long; exiting with work left for the next start');
      process.exit(1);
    }, graceMs);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('shut down cleanly');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
