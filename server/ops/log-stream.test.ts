import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
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

/** Runs an ES module in a child under tsx, from the repository's root. */
function childScript(script: string) {
  return [process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]] as const;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(here, '../..');
const IMPORT_STREAM = `import { turnBatchedLogStream } from ${JSON.stringify(path.join(here, 'log-stream.ts'))};`;

describe('a process that exits in the turn it logged', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  // The app's own logger set-up (pino over this stream on stdout), in a child.
  const script = `
    import pino from 'pino';
    ${IMPORT_STREAM}
    const log = pino({ base: null, timestamp: false }, turnBatchedLogStream());
    log.info('first');
    setImmediate(() => {
      log.info('shut down cleanly');
      process.exit(0);
    });
  `;
  const expected = '{"level":30,"msg":"first"}\n{"level":30,"msg":"shut down cleanly"}\n';

  it('still writes the line to a file (the shutdown logs its last line and calls process.exit at once)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'solas-log-stream-'));
    dirs.push(dir);
    const file = path.join(dir, 'out.log');
    const out = openSync(file, 'w');
    const [node, args] = childScript(script);
    const child = spawnSync(node, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', out, 'pipe'] });
    closeSync(out);
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });

  it('and to a pipe (journald, a container runtime)', () => {
    const [node, args] = childScript(script);
    const child = spawnSync(node, args, { cwd: ROOT, encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(child.stdout).toBe(expected);
  });
});

describe("stdout's reader going away", () => {
  it('stops the lines, not the process (EPIPE)', async () => {
    // The child logs in every turn for a while, then says on stderr that it is still running.
    const [node, args] = childScript(`
      import pino from 'pino';
      ${IMPORT_STREAM}
      const log = pino({ base: null, timestamp: false }, turnBatchedLogStream());
      let turns = 0;
      const tick = () => {
        log.info('line ' + turns);
        if (++turns < 200) setTimeout(tick, 2);
        else process.stderr.write('still running');
      };
      tick();
    `);
    const child = spawn(node, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // The reader goes away after the first line.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(stderr).toBe('still running');
    expect(code).toBe(0);
  });
});
