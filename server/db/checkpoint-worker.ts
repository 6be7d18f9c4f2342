/**
 * The WAL checkpointer's thread (checkpointer.ts starts it): a connection of its own to the shop's SQLite
 * file that copies committed WAL pages into the database file with PASSIVE checkpoints, which never block
 * the server's readers or writers. It checkpoints when the server reports a commit (several reports while
 * one checkpoint runs are served by one after it) and on a timer for the writes it is not told about.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openNativeSqlite } from './native-sqlite';

export interface CheckpointWorkerData {
  readonly file: string;
  readonly busyTimeoutMs: number;
  readonly intervalMs: number;
}

/** From the server: a commit has ended, or stop. */
export type CheckpointerMessage = 'commit' | 'stop';
/** To the server: the first checkpoint that failed (reported once). */
export interface CheckpointerReport {
  readonly error: string;
}

const port = parentPort;
if (!port) throw new Error('checkpoint-worker.ts runs as a worker thread (checkpointer.ts)');
const data = workerData as CheckpointWorkerData;

const db = openNativeSqlite(data.file);
db.pragma(`busy_timeout = ${data.busyTimeoutMs}`);

let failed = false;
function checkpoint(): void {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // Reported once: the server's own automatic checkpoint bounds the WAL meanwhile.
    if (!failed) port?.postMessage({ error: err instanceof Error ? err.message : String(err) });
    failed = true;
  }
}

const timer = setInterval(checkpoint, data.intervalMs);
let nudged = false;
port.on('message', (message: CheckpointerMessage) => {
  if (message === 'commit') {
    if (nudged) return;
    nudged = true;
    setImmediate(() => {
      nudged = false;
      checkpoint();
    });
    return;
  }
  clearInterval(timer);
  db.close();
  port.close();
});
