import { rateLimited } from '../../errors/domain-error';

/** Why a template is rendered: for a message being sent, or for a person's preview. */
export type RenderPurpose = 'message' | 'preview';

/** Runs synchronous template renders one per turn of the event loop. */
export interface RenderTurns {
  /**
   * Runs `render` on a later turn of its own and settles with what it returns or throws. A preview
   * asked for while `maxWaitingPreviews` already wait is refused with `rate_limited`.
   */
  run<T>(purpose: RenderPurpose, render: () => T): Promise<T>;
}

/**
 * A render is synchronous and may take up to the render time limit (`TEMPLATE_LIMITS.renderMs`).
 * Renders that many requests start at once would otherwise run back to back in one turn of the event
 * loop and hold everything else (health checks, fires, pages) for their sum; here each gets a turn
 * of its own, so what arrived meanwhile is served between two of them. Renders for messages go
 * before previews, so previews cannot delay a page by more than one render, and previews wait in a
 * bounded line.
 *
 * @example const text = await renderTurns.run('preview', () => previewTemplate(template, context));
 */
export function createRenderTurns(options: { maxWaitingPreviews: number }): RenderTurns {
  const waiting: Record<RenderPurpose, Array<() => void>> = { message: [], preview: [] };
  let scheduled = false;

  const turn = () => {
    scheduled = false;
    const next = waiting.message.shift() ?? waiting.preview.shift();
    next?.();
    if (waiting.message.length > 0 || waiting.preview.length > 0) schedule();
  };
  // setImmediate runs after the event loop has polled for I/O: one render per loop iteration.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };

  return {
    run(purpose, render) {
      if (purpose === 'preview' && waiting.preview.length >= options.maxWaitingPreviews) {
        return Promise.reject(rateLimited(1, 'Too many template previews are waiting. Try again shortly.'));
      }
      return new Promise((resolve, reject) => {
        waiting[purpose].push(() => {
          try {
            resolve(render());
          } catch (error) {
            reject(error);
          }
        });
        schedule();
      });
    },
  };
}

/** The process's one line of template renders, shared by messages and previews. */
export const renderTurns = createRenderTurns({ maxWaitingPreviews: 32 });
