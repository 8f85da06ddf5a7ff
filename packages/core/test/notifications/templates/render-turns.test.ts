import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/errors/domain-error';
import { createRenderTurns } from '../../../src/notifications/templates/render-turns';

describe('render turns', () => {
  it('runs one render per turn of the event loop, so what arrived meanwhile is served between two', async () => {
    const turns = createRenderTurns({ maxWaitingPreviews: 8 });
    const order: string[] = [];
    const renders = ['a', 'b', 'c'].map((name) => turns.run('preview', () => order.push(name)));
    // Queued after the first turn: without turns all three renders would run before it.
    setImmediate(() => order.push('other work'));
    await Promise.all(renders);
    expect(order).toEqual(['a', 'other work', 'b', 'c']);
  });

  it('renders messages before previews that waited longer', async () => {
    const turns = createRenderTurns({ maxWaitingPreviews: 8 });
    const order: string[] = [];
    const previews = [
      turns.run('preview', () => order.push('preview 1')),
      turns.run('preview', () => order.push('preview 2')),
    ];
    const message = turns.run('message', () => order.push('message'));
    await Promise.all([...previews, message]);
    expect(order).toEqual(['message', 'preview 1', 'preview 2']);
  });

  it('refuses a preview when the line is full, and settles each with what its render returned or threw', async () => {
    const turns = createRenderTurns({ maxWaitingPreviews: 2 });
    const first = turns.run('preview', () => 'text');
    const second = turns.run('preview', () => {
      throw new Error('broken');
    });
    const third = turns.run('preview', () => 'never');
    await expect(third).rejects.toSatisfy(
      (error) => error instanceof DomainError && error.code === 'rate_limited',
    );
    // Messages are never refused: a page must not lose its text to a queue of previews.
    const message = turns.run('message', () => 'page');
    await expect(first).resolves.toBe('text');
    await expect(second).rejects.toThrow('broken');
    await expect(message).resolves.toBe('page');
  });
});
