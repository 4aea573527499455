import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { saveWorkoutAnswerSchema, workoutsAnswerSchema, type SaveWorkoutInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';

export const programmingKeys = {
  all: ['programming'] as const,
  /** A week by its Monday; null: the gym's current week (the server knows the gym's today). */
  week: (start: string | null) => ['programming', 'workouts', start ?? 'current'] as const,
};

export function getWorkouts(start: string | null, signal?: AbortSignal) {
  return callEndpoint('workouts', { query: start ? { start } : {}, signal }, { schema: workoutsAnswerSchema });
}

export const workoutsQueryOptions = (start: string | null) => ({
  queryKey: programmingKeys.week(start),
  queryFn: ({ signal }: { signal: AbortSignal }) => getWorkouts(start, signal),
  placeholderData: keepPreviousData,
});

export function useWorkouts(start: string | null) {
  return useQuery(workoutsQueryOptions(start));
}

/** The athletes' class page shows the workout too: its reads sit under ['events']. */
const invalidates = [programmingKeys.all, eventKeys.all];

/** Save a workout; empty content (spec 5) deletes the day's workout, answered null. */
export function useSaveWorkout() {
  return useApiMutation({
    mutationFn: (input: SaveWorkoutInput) => callEndpoint('saveWorkout', { body: input }, { schema: saveWorkoutAnswerSchema }),
    success: (answer) => (answer.workout ? 'Workout saved' : 'Workout deleted'),
    errorTitle: 'Saving the workout failed',
    invalidates,
  });
}

export function useDeleteWorkout() {
  return useApiMutation({
    mutationFn: ({ classTypeId, date }: { classTypeId: string; date: string }) => callEndpoint('deleteWorkout', { params: { classTypeId, date } }),
    success: 'Workout deleted',
    errorTitle: 'Deleting the workout failed',
    invalidates,
  });
}
