import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { turnBatchedLogStream } from './log-stream';

/** A destination that records each write it is handed, and whether it was flushed. */
function recorder() {
  const writes: string[] = [];
  const calls: string[] = [];
  return {
    writes,
    calls,
    write(chunk: string) {
      writes.push(chunk);
      return true;
    },
    flush(callback: (err?: Error | null) => void) {
      calls.push('flush');
      callback();
    },
    flushSync() {
      calls.push('flushSync');
    },
  };
}

describe('turnBatchedLogStream', () => {
  it('hands the lines of one turn to the destination in one write, in order, at the end of the turn', async () => {
    const destination = recorder();
    const stream = turnBatchedLogStream(destination);
    stream.write('{"msg":"one"}\n');
    stream.write('{"msg":"two"}\n');
    stream.write('{"msg":"three"}\n');
    expect(destination.writes).toEqual([]);
    await nextTurn();
    expect(destination.writes).toEqual(['{"msg":"one"}\n{"msg":"two"}\n{"msg":"three"}\n']);
  });

  it('gives a later turn a write of its own, and writes nothing in a turn without lines', async () => {
    const destination = recorder();
    const stream = turnBatchedLogStream(destination);
    stream.write('a\n');
    await nextTurn();
    await nextTurn();
    stream.write('b\n');
    stream.write('c\n');
    await nextTurn();
    expect(destination.writes).toEqual(['a\n', 'b\nc\n']);
  });

  it('writes at once when a turn holds 1,024 lines, and the rest at the end of the turn', async () => {
    const destination = recorder();
    const stream = turnBatchedLogStream(destination);
    for (let i = 0; i < 1030; i++) stream.write(`${i}\n`);
    expect(destination.writes).toHaveLength(1);
    expect(destination.writes[0]?.split('\n')).toHaveLength(1025);
    await nextTurn();
    expect(destination.writes).toHaveLength(2);
    expect(destination.writes.join('')).toBe(Array.from({ length: 1030 }, (_, i) => `${i}\n`).join(''));
  });

  it("flushes what it holds, then the destination's buffer (pino's logger.flush and flushSync)", async () => {
    const destination = recorder();
    const stream = turnBatchedLogStream(destination);
    stream.write('held\n');
    stream.flushSync();
    expect(destination.writes).toEqual(['held\n']);
    expect(destination.calls).toEqual(['flushSync']);
    stream.write('again\n');
    const flushed = new Promise<void>((resolve) => stream.flush(() => resolve()));
    await flushed;
    expect(destination.writes).toEqual(['held\n', 'again\n']);
    expect(destination.calls).toEqual(['flushSync', 'flush']);
    await nextTurn();
    expect(destination.writes).toHaveLength(2);
  });
});

describe('a process that exits in the turn it logged', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('still writes the line (the shutdown logs its last line and calls process.exit at once)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'solas-log-stream-'));
    dirs.push(dir);
    const file = path.join(dir, 'out.log');
    const here = path.dirname(fileURLToPath(import.meta.url));
    // The app's own logger set-up (pino with this stream over an asynchronous sonic-boom), in a child.
    const script = `
      import { openSync } from 'node:fs';
      import pino from 'pino';
      import { turnBatchedLogStream } from ${JSON.stringify(path.join(here, 'log-stream.ts'))};
      const destination = pino.destination({ fd: openSync(${JSON.stringify(file)}, 'w'), sync: false });
      const log = pino({ base: null, timestamp: false }, turnBatchedLogStream(destination));
      log.info('first');
      setImmediate(() => {
        log.info('shut down cleanly');
        process.exit(0);
      });
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.join(here, '../..'),
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(
      '{"level":30,"msg":"first"}\n{"level":30,"msg":"shut down cleanly"}\n',
    );
  });
});
