import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { patchViewState, readViewState, writeViewState, type ViewStatePatch } from './view-state';

/** The calendar's state read from and written to the URL; a new view, date or filter is a new history entry. */
export function useViewState() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => readViewState(new URLSearchParams(key)), [key]);
  const update = useCallback(
    (patch: ViewStatePatch, options: { replace?: boolean } = {}) =>
      setParams((current) => writeViewState(patchViewState(readViewState(current), patch)), { replace: options.replace ?? false }),
    [setParams],
  );
  return [state, update] as const;
}
