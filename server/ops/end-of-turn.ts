/**
 * Work batched per event-loop turn: the group commit (db/atomic-writes.ts) and the log lines
 * (ops/log-stream.ts) each collect what one turn hands them and act once at its end.
 */

/**
 * A scheduler that runs `flush` once at the end of the current turn (`setImmediate`: after the poll phase,
 * when every request read in this turn has been handled), however often it is asked within the turn.
 */
export function endOfTurn(flush: () => void): () => void {
  let scheduled = false;
  const run = () => {
    scheduled = false;
    flush();
  };
  return () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(run);
  };
}
