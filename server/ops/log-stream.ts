/**
 * The app's log destination: pino's lines are handed to stdout once per event-loop turn, joined, instead of
 * one call per line (for the product page's budget against a bare node:http replay).
 *
 * Why once per turn: pino's default destination (sonic-boom, asynchronous) appends each line to the chunk it
 * has not yet written and, to keep that chunk under its size cap, measures the whole chunk's UTF-8 length
 * again on every line. Under load a chunk holds every line since the last write returned, so each line paid
 * for flattening and scanning all the lines before it: in a `perf` profile of bench:api's product page the
 * access line was 12% of the server's CPU, most of it there. One joined string per turn is measured once.
 *
 * Why written synchronously: an asynchronous sonic-boom hands every write to libuv's thread pool and back (a
 * thread wake-up and an event on the loop per write). In an A/B of bench:api's product page row, the same
 * bundle with only the destination changed and the server and wrk each on a core of their own (12 rounds,
 * docs/performance.md), the shop answered 76% of the replay's requests/s with the asynchronous
 * destination and 90% with this synchronous one (and 77% through process.stdout, whose stream machinery
 * costs as much as the hop). One write(2) per turn in the loop's own thread is cheaper than the hop.
 *
 * What that means for a slow log reader: a write to a file or a terminal returns at once. Under journald or a
 * container runtime stdout is a pipe or a socket, and a write returns at once while its reader keeps up; a
 * reader a whole pipe buffer behind makes the server wait for it (sonic-boom retries every 100 ms) instead
 * of holding an ever-growing backlog in memory, as any program writing to a blocking stdout would.
 *
 * What does not change: every line is still written, in the order it was logged (all of the app's lines go
 * through here), no later than the end of the turn that logged it, and on `process.exit` (the shutdown's
 * last line, a start-up failure) the turn's lines are written before the process ends. A hard kill loses
 * at most the turn's lines.
 */
import pino from 'pino';
import { endOfTurn } from './end-of-turn';

/** What the lines are written to: stdout (stdoutDestination), or in tests a recorder. */
interface Destination {
  write(chunk: string): unknown;
  flush?(callback: (err?: Error | null) => void): void;
  flushSync?(): void;
}

/** Lines held at most in one turn before they are written anyway (a burst of many requests in one turn). */
const MAX_LINES_PER_WRITE = 1024;

export class TurnBatchedLogStream {
  private lines: string[] = [];
  private readonly writeOutAtEndOfTurn = endOfTurn(() => this.writeOut());

  constructor(readonly destination: Destination) {
    flushedOnExit(this);
  }

  write(line: string): boolean {
    this.lines.push(line);
    if (this.lines.length >= MAX_LINES_PER_WRITE) this.writeOut();
    else this.writeOutAtEndOfTurn();
    return true;
  }

  /** pino's `logger.flush(cb)`: what is held, then the destination's own buffer. */
  flush(callback: (err?: Error | null) => void = () => {}): void {
    this.writeOut();
    if (typeof this.destination.flush === 'function') this.destination.flush(callback);
    else callback();
  }

  /** Writes what is held and the destination's buffer before returning (the process is exiting). */
  flushSync(): void {
    this.writeOut();
    this.destination.flushSync?.();
  }

  private writeOut(): void {
    const lines = this.lines;
    if (lines.length === 0) return;
    this.lines = [];
    this.destination.write(lines.length === 1 ? (lines[0] as string) : lines.join(''));
  }
}

/**
 * stdout as pino's synchronous destination (sonic-boom, `sync: true`: one write(2) in the loop's own thread,
 * and after an EPIPE no more writes, as pino does for its default destination); or process.stdout itself
 * when something (a test runner) has replaced its write.
 */
function stdoutDestination(): Destination {
  const stdout = process.stdout;
  const tampered = stdout.write !== Object.getPrototypeOf(stdout).write;
  if (tampered) return stdout;
  return pino.destination({ fd: stdout.fd || 1, sync: true });
}

export function turnBatchedLogStream(destination: Destination = stdoutDestination()): TurnBatchedLogStream {
  return new TurnBatchedLogStream(destination);
}

// One 'exit' listener for every stream (a test process builds hundreds of apps), holding them weakly.
const open = new Set<WeakRef<TurnBatchedLogStream>>();
const forget = new FinalizationRegistry<WeakRef<TurnBatchedLogStream>>((ref) => open.delete(ref));
let listening = false;

function flushedOnExit(stream: TurnBatchedLogStream): void {
  const ref = new WeakRef(stream);
  open.add(ref);
  forget.register(stream, ref);
  if (listening) return;
  listening = true;
  process.on('exit', () => {
    for (const held of open) {
      try {
        held.deref()?.flushSync();
      } catch {
        // A destination already closed or broken (EPIPE): nothing more can be written to it.
      }
    }
  });
}
