/**
 * SQLite's WAL checkpoints off the event loop, once the shop is under load.
 *
 * SQLite's automatic checkpoint runs inside the commit that crosses 1,000 WAL pages, on the connection
 * that commits: it reads those pages back from the WAL, writes them into the database file and syncs it
 * (synchronous=NORMAL syncs at checkpoints). On the server's connection that holds the event loop, and every
 * request in flight waits: under bench:api's checkout load the checkout's p99 was about twice what it was
 * with no checkpoints at all (docs/performance.md, "The server"). A worker thread with a connection of its
 * own (checkpoint-worker.ts) runs PASSIVE checkpoints instead, which never block the server's readers or
 * writers. The same pages are written and synced, by another thread.
 *
 * It starts with the first group commit (group-commit.ts) of START_GROUP_WRITES writes or more, that is
 * several checkouts in one turn of the event loop: a quiet shop (and each of the tests' databases) never
 * pays for a thread. From then on it checkpoints after a group commit once the WAL holds
 * AUTOCHECKPOINT_PAGES frames, as SQLite's own would (each start of the WAL over costs the event loop an
 * fsync: checkpoint-worker.ts), and on a timer for the other writes. The WAL only restarts from its
 * beginning at a commit that finds every frame already copied, so a checkpoint started as soon as a commit
 * ends keeps the WAL small, where one on a timer alone raced the next commit. The server's own automatic
 * checkpoint stays as a fallback, at FALLBACK_AUTOCHECKPOINT_PAGES while the thread runs, and back at
 * SQLite's default if the thread fails.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../lib/module-worker';
import type { CheckpointerMessage, CheckpointerReport, CheckpointWorkerData } from './checkpoint-worker';
import type { NativeSqlite } from './native-sqlite';

/** SQLite's default automatic checkpoint: the server's own while no thread runs. */
export const AUTOCHECKPOINT_PAGES = 1_000;
/** About 16 MB: never reached while the thread keeps up, and the WAL still bounded if it falls behind. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 4_000;
/** The writes one group commit must hold to start the thread. */
export const START_GROUP_WRITES = 8;
const INTERVAL_MS = 100;

export interface CheckpointerLog {
  warn(details: object, message: string): void;
}

export class Checkpointer {
  private worker: Worker | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** Stopped, or failed once: the server checkpoints by itself from then on. */
  private done = false;

  constructor(
    private readonly native: NativeSqlite,
    private readonly data: Omit<CheckpointWorkerData, 'intervalMs' | 'minFrames'>,
    private readonly log?: CheckpointerLog,
  ) {
    native.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  }

  /** The thread is running (tests, health). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** A group commit of `writes` writes has ended. */
  committed(writes: number): void {
    if (this.done) return;
    if (!this.worker) {
      if (writes < START_GROUP_WRITES) return;
      this.start();
    }
    this.worker?.postMessage('commit' satisfies CheckpointerMessage);
  }

  async stop(): Promise<void> {
    this.done = true;
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    worker.postMessage('stop' satisfies CheckpointerMessage);
    const timeout = setTimeout(() => void worker.terminate(), 2_000);
    await this.exited;
    clearTimeout(timeout);
  }

  private start(): void {
    const workerData: CheckpointWorkerData = {
      ...this.data,
      intervalMs: INTERVAL_MS,
      minFrames: AUTOCHECKPOINT_PAGES,
    };
    const worker = startModuleWorker(import.meta.dirname, 'checkpoint-worker', { workerData });
    // Never what keeps the process alive.
    worker.unref();
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (report: CheckpointerReport) => this.fail(worker, report.error));
    worker.on('error', (err) => this.fail(worker, err.message));
    worker.once('exit', (code) => {
      if (this.worker === worker) this.fail(worker, `the thread stopped (exit code ${code})`);
    });
    this.native.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    this.worker = worker;
  }

  /** The thread failed: the server's connection checkpoints by itself again, as a quiet shop's does. */
  private fail(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.done = true;
    this.native.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    void worker.terminate();
    this.log?.warn(
      { err: reason },
      'database: WAL checkpoints in the background failed; the server checkpoints by itself now',
    );
  }
}
