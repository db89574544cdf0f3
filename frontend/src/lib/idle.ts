/**
 * Runs `task` once the page has loaded and the browser is idle (so it never competes with what the
 * page needs first); answers a cancel function.
 */
export function whenIdle(task: () => void): () => void {
  let cancel = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: 5000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const timer = window.setTimeout(task, 1000);
      cancel = () => window.clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancel();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancel();
  };
}
