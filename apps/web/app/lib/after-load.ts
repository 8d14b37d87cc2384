/**
 * Runs `task` just after the page's load event, for work a shopper does not need for the first
 * screen (the region question, the cookie banner): on a slow phone it then never competes with the
 * page's pictures and hydration. Returns a function that cancels it.
 */
export function afterLoad(task: () => void): () => void {
  let timer: number | undefined;
  const run = () => {
    timer = window.setTimeout(task, 0);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    window.removeEventListener('load', run);
    window.clearTimeout(timer);
  };
}
