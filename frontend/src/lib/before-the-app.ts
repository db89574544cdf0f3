// On a page drawn by the server the shopper can tap a radio button or type in a field before the
// app's code has come (main.tsx takes the page over once it has). The browser keeps what she did,
// and so does React while it takes the page over, but React does not tell the component: its state
// stays the server's default while the screen shows her choice (she sees 25 kg chosen, Add to
// cart adds the 5 kg bag). React can replay such changes as change events, but only behind a flag
// (`enableHydrationChangeEvent`, facebook/react#33129) that its releases do not turn on. Pack
// sizes are links the server answers (`?pack=`), but a quantity typed and not yet sent still
// stays in its field: the field reads what the shopper left in it here.
import { useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref for a control's element; once, as the component mounts (the moment the app takes a drawn
 * page over), `adopt` is given the element to read what the shopper left in it and make that the
 * state. On a screen the app drew itself the element holds what the state says, so `adopt` finds
 * nothing to change.
 *
 * A layout effect: it runs in the commit that takes the page over, before any later render could
 * write the state's value back over the shopper's (React rewrites a controlled input on render).
 */
export function useWhatTheShopperLeft<T extends Element>(adopt: (element: T) => void): RefObject<T | null> {
  const ref = useRef<T>(null);
  const read = useEffectEvent(adopt);
  useLayoutEffect(() => {
    if (ref.current) read(ref.current);
  }, []);
  return ref;
}
