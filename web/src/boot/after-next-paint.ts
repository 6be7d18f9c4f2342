/**
 * Runs `task` once the current frame has been painted: in a task after the next animation frame. For
 * work a tap starts that does not need to be in the tap's own frame (bench:inp counts a tap until its
 * frame is painted). At once in a hidden tab, which paints no frame. Returns a cancel function.
 */
export function afterNextPaint(task: () => void): () => void {
  let live = true;
  const run = () => live && task();
  if (document.hidden) run();
  else requestAnimationFrame(() => setTimeout(run, 0));
  return () => {
    live = false;
  };
}
