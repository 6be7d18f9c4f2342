/**
 * The WAL checkpointer's thread (checkpointer.ts starts it): a connection of its own to the shop's SQLite
 * file that copies committed WAL pages into the database file with PASSIVE checkpoints, which never block
 * the server's readers or writers. When the server reports a commit (several reports while one checkpoint
 * runs are served by one after it) it checkpoints once the WAL holds `minFrames` frames, and on a timer
 * whatever the WAL holds, for the writes it is not told about and for a shop gone quiet.
 *
 * Why wait for `minFrames`: the first commit after a checkpoint that copied every frame starts the WAL
 * over, and SQLite syncs the new WAL header in that commit, on the server's event loop. A checkpoint after
 * every commit restarted the WAL after most of them: about 60 fsyncs a second on the event loop under
 * bench:api's checkout rush, two more per checkpoint on this thread, and each hot page copied again after
 * every commit. Waiting for SQLite's own threshold (1,000 frames, about 4 MB) made a checkout about a tenth
 * cheaper (docs/performance.md); once there, a checkpoint after each commit finds only that commit's
 * frames left to copy, so one soon ends with nothing left and the WAL starts over.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openNativeSqlite } from './native-sqlite';
import { openWalIndex } from './wal-index';

export interface CheckpointWorkerData {
  readonly file: string;
  readonly busyTimeoutMs: number;
  readonly intervalMs: number;
  /** The frames the WAL holds before a commit's report starts a checkpoint. */
  readonly minFrames: number;
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
// The server's connection made the WAL-index when it switched to WAL, before any commit could start this.
const wal = openWalIndex(data.file);

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
let nudged: NodeJS.Immediate | null = null;
port.on('message', (message: CheckpointerMessage) => {
  if (message === 'commit') {
    nudged ??= setImmediate(() => {
      nudged = null;
      if (wal.frames() >= data.minFrames) checkpoint();
    });
    return;
  }
  clearInterval(timer);
  if (nudged) clearImmediate(nudged);
  wal.close();
  db.close();
  port.close();
});
