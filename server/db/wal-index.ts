/**
 * How many frames the SQLite database's WAL holds now, and how many of them checkpoints have copied into
 * the database file, read from its WAL-index (the `-shm` file beside it): the header's mxFrame (a 32-bit
 * count at byte 16) and the checkpoint information's nBackfill (byte 96, after the header's two copies),
 * in the machine's byte order (SQLite's file format, "The WAL-Index Format"). One small read, no lock: a
 * read torn by a commit at that instant is off by one commit, which is all the checkpointer's schedule
 * (checkpoint-worker.ts) needs.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';

const MX_FRAME_OFFSET = 16;
const BACKFILL_OFFSET = 96;
const READ_BYTES = BACKFILL_OFFSET + 4;

export interface WalIndex {
  /** The frames the WAL holds (0 once it has started over). */
  frames(): number;
  /** How many of them checkpoints have copied into the database file. */
  copied(): number;
  close(): void;
}

/** The WAL-index of the database at `file` (in WAL mode: the `-shm` file exists while it is open). */
export function openWalIndex(file: string): WalIndex {
  const fd = openSync(`${file}-shm`, 'r');
  const bytes = Buffer.alloc(READ_BYTES);
  const little = endianness() === 'LE';
  /** The 32-bit count at `offset`: the file's first bytes up to its end, one read. */
  const read = (offset: number): number => {
    const length = offset + 4;
    if (readSync(fd, bytes, 0, length, 0) < length) return 0;
    return little ? bytes.readUInt32LE(offset) : bytes.readUInt32BE(offset);
  };
  return {
    frames: () => read(MX_FRAME_OFFSET),
    copied: () => read(BACKFILL_OFFSET),
    close: () => closeSync(fd),
  };
}
