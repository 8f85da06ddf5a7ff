/** Whether `work` settled (either way) within `ms`: for waits that must not hold a stop on a stalled peer. */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = work.then(
    () => true as const,
    () => true as const,
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
