/**
 * Runs `task` once the current frame has been painted: in a task after the next animation frame. For
 * work a tap starts that does not need to be in the tap's own frame (bench:inp counts a tap until its
 * frame is painted). A hidden tab paints no frame: there it waits until the tab is shown. Returns a
 * cancel function.
 */
export function afterNextPaint(task: () => void): () => void {
  let live = true;
  requestAnimationFrame(() => setTimeout(() => live && task(), 0));
  return () => {
    live = false;
  };
}
