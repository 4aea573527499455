import { useLayoutEffect, useRef, useState } from 'react';
import { loadWithReloadRule, type ChunkReloadDeps } from './chunk-reload';

/** A module loaded the first time it is asked for, with the reload rule; `current` is set once it is there. */
export type OnDemand<T> = { current: T | undefined; load: () => Promise<T> };

/**
 * For UI drawn as a look-alike until first use (useOnDemand below). A failed load reloads the window like a page
 * chunk; once the limit is reached the next use tries again instead of showing the error page.
 */
export function onDemand<T>(name: string, factory: () => Promise<T>, deps?: () => ChunkReloadDeps): OnDemand<T> {
  let loading: Promise<T> | undefined;
  const loader: OnDemand<T> = {
    current: undefined,
    load: () => {
      // A failed load is forgotten, so the next use tries again (once the reload limit is reached).
      const attempt = () =>
        factory().catch((error: unknown) => {
          loading = undefined;
          throw error;
        });
      loading ??= loadWithReloadRule(name, attempt, deps).then((loaded) => {
        loader.current = loaded;
        return loaded;
      });
      return loading;
    },
  };
  return loader;
}

type HandOff = { focus: boolean; open: boolean };

/**
 * A look-alike trigger (a button) stands in for a component loaded on first use. Spread `standInProps` on the
 * look-alike and put `targetRef` on the real trigger: hovering (and, with `loadOnFocus`, focusing) starts the load;
 * once loaded, the real trigger takes the focus if the look-alike had it, and is clicked if the look-alike was
 * (mouse, Enter or Space), so it opens as if it had been there all along.
 */
export function useOnDemand<T>(loader: OnDemand<T>, { loadOnFocus = false }: { loadOnFocus?: boolean } = {}) {
  const [loaded, setLoaded] = useState(() => loader.current);
  const standInRef = useRef<HTMLButtonElement>(null);
  const targetRef = useRef<HTMLButtonElement>(null);
  const wasClicked = useRef(false);
  const handOff = useRef<HandOff>({ focus: false, open: false });

  useLayoutEffect(() => {
    const { focus, open } = handOff.current;
    handOff.current = { focus: false, open: false };
    if (focus || open) targetRef.current?.focus();
    if (open) targetRef.current?.click();
  }, [loaded]);

  const load = () => {
    void loader
      .load()
      .then((value) => {
        handOff.current = { focus: document.activeElement === standInRef.current, open: wasClicked.current };
        setLoaded(() => value);
      })
      .catch(() => undefined);
  };
  const standInProps = {
    ref: standInRef,
    onPointerEnter: load,
    onFocus: loadOnFocus ? load : undefined,
    onClick: () => {
      wasClicked.current = true;
      load();
    },
  };
  return { loaded, targetRef, standInProps };
}
