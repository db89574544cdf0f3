// Parts of a page that nobody needs in the first second (the footer, the home page's sections
// below the hero) come in chunks of their own, so the code a page must run before it answers a tap
// stays small on a slow phone. On a page drawn by the server their HTML is there from the start:
// React leaves it as it is and hydrates it when its code arrives (a tap on it meanwhile is replayed
// then). On a screen the browser draws, the part appears as soon as its code is in.
import { lazy, Suspense, type ComponentType } from 'react';

/** `load`'s component, drawn once its chunk has arrived (nothing is drawn in its place before). */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Component = lazy<ComponentType<P>>(async () => ({ default: await load() }));
  function Later(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Later;
}
