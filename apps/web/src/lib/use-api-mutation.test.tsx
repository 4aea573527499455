import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../testing/render';
import { ApiError, shownMessage } from './api-client';
import { fieldRefusal } from './form-refusal';
import { useApiMutation, type ApiMutationOptions } from './use-api-mutation';

function Probe<TData>({ options, variables }: { options: ApiMutationOptions<TData, string, unknown>; variables: string }) {
  const mutation = useApiMutation(options);
  return (
    <button type="button" onClick={() => mutation.mutate(variables)}>
      Go
    </button>
  );
}

function run<TData>(options: ApiMutationOptions<TData, string, unknown>, variables = 'v1') {
  const rendered = render(<Probe options={options} variables={variables} />);
  const invalidate = vi.spyOn(rendered.queryClient, 'invalidateQueries');
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
  return { invalidate };
}

describe('useApiMutation', () => {
  it('says the success text (made from the answer and the variables), then refetches the named queries', async () => {
    const onSuccess = vi.fn();
    const { invalidate } = run({
      mutationFn: async (v) => ({ title: `Gym ${v}` }),
      success: (data, v) => ({ title: 'Created', message: `${data.title} is ready (${v}).` }),
      onSuccess,
      invalidates: [['things'], ['other', 1]],
    });
    expect(await screen.findByText('Gym v1 is ready (v1).')).toBeTruthy();
    expect(screen.getByText('Created')).toBeTruthy();
    expect(document.querySelector('.mantine-Notification-root')).not.toBeNull();
    expect(onSuccess).toHaveBeenCalledWith({ title: 'Gym v1' }, 'v1', undefined, expect.anything());
    await waitFor(() => expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['things'], ['other', 1]]));
  });

  it("shows a failure's title with the server's message, after the caller's onError, and still refetches", async () => {
    const onError = vi.fn();
    const { invalidate } = run({
      mutationFn: async () => Promise.reject(new ApiError(400, 'That gym is closed.', 'closed')),
      onMutate: () => ({ previous: 'kept' }),
      onError,
      errorTitle: (v) => `Saving ${v} failed`,
      invalidates: (data, v) => (data ? [['never']] : [['after-failure', v]]),
    });
    expect(await screen.findByText('Saving v1 failed')).toBeTruthy();
    expect(screen.getByText('That gym is closed.')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(expect.any(ApiError), 'v1', { previous: 'kept' }, expect.anything());
    await waitFor(() => expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['after-failure', 'v1']]));
  });

  it('shows a fixed failure text instead of the server message when given one', async () => {
    run({
      mutationFn: async () => Promise.reject(new ApiError(500, 'Internal details.')),
      errorNotice: { title: 'Logout failed', message: 'Logging out failed, please try again.' },
    });
    expect(await screen.findByText('Logging out failed, please try again.')).toBeTruthy();
    expect(screen.queryByText('Internal details.')).toBeNull();
  });

  it("issue 34: shows a refusal without a title of its own as the server's message, once", async () => {
    run({
      mutationFn: async () =>
        Promise.reject(
          new ApiError(400, 'Give each initials field a label.', 'validation_error', { 'initialFields.0': ['Give each initials field a label.'] }),
        ),
    });
    expect(await screen.findByText('Give each initials field a label.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByText('Give each initials field a label.')).toHaveLength(1);
  });

  it('issue 34: does not notify a refusal the caller showed itself (its text shown, or its fields placed on the form)', async () => {
    const refused = () =>
      Promise.reject(new ApiError(409, 'A coach is already booked at that time.', 'conflict', { coachIds: ['A coach is already booked at that time.'] }));
    const shown: string[] = [];
    function Caller() {
      const byText = useApiMutation({ mutationFn: refused, errorTitle: 'Could not save' });
      const byField = useApiMutation({ mutationFn: refused });
      const elsewhere = useApiMutation({ mutationFn: refused, errorTitle: 'Not placed' });
      return (
        <>
          <button type="button" onClick={() => byText.mutate(undefined, { onError: (e) => shown.push(shownMessage(e)) })}>
            Text
          </button>
          <button type="button" onClick={() => byField.mutate(undefined, { onError: (e) => shown.push(...Object.values(fieldRefusal(e, ['coachIds']))) })}>
            Field
          </button>
          <button type="button" onClick={() => elsewhere.mutate(undefined, { onError: (e) => shown.push(...Object.values(fieldRefusal(e, ['title']))) })}>
            Elsewhere
          </button>
        </>
      );
    }
    render(<Caller />);
    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    fireEvent.click(screen.getByRole('button', { name: 'Field' }));
    await waitFor(() => expect(shown).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(await screen.findByText('Not placed')).toBeTruthy();
    expect(screen.getByText('A coach is already booked at that time.')).toBeTruthy();
  });

  it('shows nothing on success when no text is given', async () => {
    const mutationFn = vi.fn(async () => 'ok');
    run({ mutationFn });
    await waitFor(() => expect(mutationFn).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });
});
