/**
 * The app's log destination: pino's lines are handed to stdout's writer once per event-loop turn, joined,
 * instead of one call per line (issue 18, the product page at >= 75% of a bare node:http replay).
 *
 * Why: pino's default destination (sonic-boom, asynchronous) appends each line to the chunk it has not yet
 * written and, to keep that chunk under its size cap, measures the whole chunk's UTF-8 length again on
 * every line. Under load a chunk holds every line since the last write returned, so each line paid for
 * flattening and scanning all the lines before it: in a `perf` profile of bench:api's product page the
 * access line was 12% of the server's CPU, most of it there. One joined string per turn is measured once.
 *
 * What does not change: every line is still written, in the order it was logged (all of the app's lines go
 * through here), no later than the end of the turn that logged it, and on `process.exit` (the shutdown's
 * last line, a start-up failure) the turn's lines are written and flushed synchronously before the process
 * ends, as pino does for its own buffer. A hard kill loses at most the turn's lines, as it already lost
 * whatever sonic-boom had not written.
 */
import pino from 'pino';
import { endOfTurn } from './end-of-turn';

/** What pino writes to (sonic-boom, or process.stdout when something has replaced its write). */
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
 * stdout as pino would have chosen it: its asynchronous sonic-boom on fd 1 (flushed on exit by pino), or
 * process.stdout itself when something (a test runner) has replaced its write.
 */
function stdoutDestination(): Destination {
  const stdout = process.stdout;
  const tampered = stdout.write !== Object.getPrototypeOf(stdout).write;
  if (tampered) return stdout;
  return pino.destination({ fd: stdout.fd || 1, sync: false });
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
