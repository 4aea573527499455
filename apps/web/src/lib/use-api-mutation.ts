import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { errorMessage, isShown } from './api-client';
import { notifyError, notifySuccess } from './notify';

/** A notification's text: a message alone, or a title and a message. */
export type Notice = string | { title?: string; message: string };

export type ApiMutationOptions<TData, TVariables, TOnMutateResult> = Omit<UseMutationOptions<TData, Error, TVariables, TOnMutateResult>, 'mutationFn'> & {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Spec 8: what a success says (none when absent). */
  success?: Notice | ((data: TData, variables: TVariables) => Notice);
  /** Spec 8: a failure's title, shown with the server's message (errorMessage: its text, else the default with a reference). */
  errorTitle?: string | ((variables: TVariables) => string);
  /** Spec 8: a failure shown with a fixed text instead of the server's message. */
  errorNotice?: Notice;
  /** The component always renders the failure itself (e.g. `{mutation.isError && <Alert>…}`): no notification. */
  errorShown?: 'inline';
  /** The queries to refetch once the call has settled, whether it succeeded or not (the server may have changed either way). */
  invalidates?: readonly QueryKey[] | ((data: TData | undefined, variables: TVariables) => readonly QueryKey[]);
};

/**
 * useMutation with the app's notifications and invalidation: the success text, the failure's title with the server's
 * message (always, unless the caller showed it on its form; issue 34), and the queries refetched on settle. onMutate, onSuccess, onError and onSettled are passed through (an
 * optimistic update sets the cache in onMutate and puts it back in onError); a promise they return is awaited as
 * useMutation awaits it.
 */
export function useApiMutation<TData = unknown, TVariables = void, TOnMutateResult = unknown>(options: ApiMutationOptions<TData, TVariables, TOnMutateResult>) {
  const queryClient = useQueryClient();
  const { success, errorTitle, errorNotice, errorShown, invalidates, onSuccess, onError, onSettled, ...rest } = options;
  return useMutation<TData, Error, TVariables, TOnMutateResult>({
    ...rest,
    onSuccess: (data, variables, ...more) => {
      if (success !== undefined) notifySuccess(typeof success === 'function' ? success(data, variables) : success);
      return onSuccess?.(data, variables, ...more);
    },
    onError,
    onSettled: async (data, error, variables, ...more) => {
      const keys = typeof invalidates === 'function' ? invalidates(data, variables) : (invalidates ?? []);
      const settled = await Promise.all([onSettled?.(data, error, variables, ...more), ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))]);
      // Issue 34: every refusal is shown, once. useMutation calls mutate()'s own onError (and a mutateAsync's catch
      // runs) right after this settles: a task later, the refusal is notified unless one of them showed it
      // (errorMessage read, or fieldRefusal put it on the form's fields).
      if (error && errorShown !== 'inline') {
        const title = typeof errorTitle === 'function' ? errorTitle(variables) : errorTitle;
        setTimeout(() => {
          if (isShown(error)) return;
          if (errorNotice !== undefined) notifyError(errorNotice);
          else notifyError({ ...(title !== undefined ? { title } : {}), message: errorMessage(error) });
        }, 0);
      }
      return settled;
    },
  });
}
