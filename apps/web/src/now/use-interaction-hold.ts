import { type RefObject, useEffect, useState } from 'react';

/** How long after the last touch or tap the list stays still: the time to read and tap again. */
const TOUCH_HOLD_MS = 2_000;

/**
 * True while the user is at the element: a mouse over it, keyboard focus in it, or a touch within
 * the last two seconds. The Now list holds back moves while this is true.
 */
export function useInteractionHold(ref: RefObject<HTMLElement | null>): boolean {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      setTouched(true);
      clearTimeout(timer);
      timer = setTimeout(() => setTouched(false), TOUCH_HOLD_MS);
    };
    const enter = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHovered(true);
    };
    const leave = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHovered(false);
    };
    // Keyboard focus only: a button keeps focus after a mouse click, and a mouse user who has moved
    // away is no longer about to tap.
    const focusIn = (event: FocusEvent) => setFocused(isFocusVisible(event.target));
    const focusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && element.contains(event.relatedTarget))) setFocused(false);
    };
    element.addEventListener('pointerenter', enter);
    element.addEventListener('pointerleave', leave);
    element.addEventListener('pointerdown', touch);
    element.addEventListener('touchstart', touch, { passive: true });
    element.addEventListener('focusin', focusIn);
    element.addEventListener('focusout', focusOut);
    return () => {
      clearTimeout(timer);
      element.removeEventListener('pointerenter', enter);
      element.removeEventListener('pointerleave', leave);
      element.removeEventListener('pointerdown', touch);
      element.removeEventListener('touchstart', touch);
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('focusout', focusOut);
    };
  }, [ref]);
  return hovered || focused || touched;
}

function isFocusVisible(target: EventTarget | null): boolean {
  try {
    return target instanceof Element && target.matches(':focus-visible');
  } catch {
    return true;
  }
}
