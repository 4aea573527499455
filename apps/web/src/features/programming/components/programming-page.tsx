import { Suspense, useEffect, useState } from 'react';
import { Alert, Badge, Button, ColorSwatch, Group, Loader, Modal, Paper, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { addDays, formatDate, weekStartOf, type ProgrammingClassType, type Workout, type WorkoutsAnswer } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { lazyWithReload, pick } from '../../../lib/chunk-reload';
import { useWorkouts } from '../api/programming';
import { dayLabel, plainText, shortWeekday, weekDates, weekLabel } from '../lib/week';
import type { EditTarget } from './workout-dialog';
import classes from './programming.module.css';

export const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';
const WEEK_PARAM = 'week';
/** The grid needs room for seven days; below it (tablets, the narrow desktop layout) the week is a list by day. */
const GRID_QUERY = '(min-width: 75em)';

const loadDialog = () => import('./workout-dialog');
// Tiptap is the heaviest part of the screen: its chunk loads after the week, before the first click.
const WorkoutDialog = lazyWithReload('programming-editor', pick(loadDialog, 'WorkoutDialog'));

/** Spec 2.7 `/calendar/programming` (issue 16): the workout of the day per class type, a week at a time. */
export function ProgrammingPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get(WEEK_PARAM);
  const week = requested && /^\d{4}-\d{2}-\d{2}$/.test(requested) ? weekStartOf(requested) : null;
  const workouts = useWorkouts(week);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const data = workouts.data;

  useEffect(() => {
    if (data) WorkoutDialog.preload();
  }, [data]);

  const goTo = (start: string | null) => setParams(start ? { [WEEK_PARAM]: start } : {});
  const start = data?.start ?? null;
  const currentWeek = data ? weekStartOf(data.today) : null;

  return (
    <>
      <PageHeader
        title="Programming"
        actions={
          <Group gap="xs" role="group" aria-label="Week">
            <Button variant="default" disabled={!start} onClick={() => start && goTo(addDays(start, -7))}>
              ← Previous week
            </Button>
            <Button variant="default" disabled={!start || start === currentWeek} onClick={() => goTo(null)}>
              This week
            </Button>
            <Button variant="default" disabled={!start} onClick={() => start && goTo(addDays(start, 7))}>
              Next week →
            </Button>
          </Group>
        }
      />
      {workouts.isError ? (
        <Alert color="red.9" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : !data ? (
        <Stack role="status" aria-busy="true" aria-label="Loading the week">
          <Skeleton height={24} width={240} />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={84} />
          ))}
        </Stack>
      ) : data.classTypes.length === 0 ? (
        <Alert title="No class types yet">Add a class type under Events › Classes, then write its workouts here.</Alert>
      ) : (
        <Week answer={data} onEdit={setEditing} />
      )}
      {editing && data && (
        <Suspense fallback={<LoadingDialog />}>
          <WorkoutDialog target={editing} answer={data} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}

function LoadingDialog() {
  return (
    <Modal opened onClose={() => {}} withCloseButton={false} centered title="Loading the editor">
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading the editor" />
      </Group>
    </Modal>
  );
}

type WeekProps = { answer: WorkoutsAnswer; onEdit: (target: EditTarget) => void };

function Week({ answer, onEdit }: WeekProps) {
  const isWide = useMediaQuery(GRID_QUERY, typeof window !== 'undefined' && window.matchMedia(GRID_QUERY).matches, { getInitialValueInEffect: false });
  const dates = weekDates(answer.start);
  const byCell = new Map(answer.results.map((w) => [`${w.classTypeId}/${w.date}`, w]));
  const cell = (classType: ProgrammingClassType, date: string) => {
    const workout = byCell.get(`${classType.classTypeId}/${date}`) ?? null;
    return (
      <WorkoutCell classType={classType} date={date} workout={workout} answer={answer} inList={!isWide} onEdit={() => onEdit({ classType, date, workout })} />
    );
  };
  return (
    <Stack gap="sm">
      <Text fw={500} aria-live="polite">
        Week of {weekLabel(answer.start, answer.country)}
      </Text>
      {isWide ? (
        <Table withTableBorder withColumnBorders layout="fixed" verticalSpacing={0} horizontalSpacing={0} aria-label="Workouts of the week">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={150} p="xs">
                Class type
              </Table.Th>
              {dates.map((date) => (
                <Table.Th key={date} scope="col" p="xs" bg={date === answer.today ? 'blue.0' : undefined} style={{ verticalAlign: 'top' }}>
                  <div>
                    {shortWeekday(date)} {formatDate(date, answer.country).slice(0, 5)}
                  </div>
                  {date === answer.today && (
                    <Text size="xs" fw={700} c="blue.9">
                      Today
                    </Text>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.classTypes.map((classType) => (
              <Table.Tr key={classType.classTypeId}>
                <Table.Th scope="row" p="xs" style={{ verticalAlign: 'top' }}>
                  <TypeName classType={classType} />
                </Table.Th>
                {dates.map((date) => (
                  <Table.Td key={date} style={{ verticalAlign: 'top' }} bg={date === answer.today ? 'blue.0' : undefined}>
                    {cell(classType, date)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap="lg">
          {dates.map((date) => (
            <section key={date} aria-labelledby={`day-${date}`}>
              <Group gap="xs" mb="xs">
                <Title order={2} size="h4" id={`day-${date}`}>
                  {dayLabel(date, answer.country)}
                </Title>
                {date === answer.today && (
                  <Badge size="sm" color="blue.9">
                    Today
                  </Badge>
                )}
              </Group>
              <Stack gap="xs">
                {answer.classTypes.map((classType) => (
                  <Paper key={classType.classTypeId} withBorder radius="sm">
                    {cell(classType, date)}
                  </Paper>
                ))}
              </Stack>
            </section>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TypeName({ classType }: { classType: ProgrammingClassType }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <ColorSwatch color={`var(--mantine-color-${classType.color}-6)`} size={12} mt={5} withShadow={false} aria-hidden />
      <Text fw={600} size="sm">
        {classType.name}
      </Text>
    </Group>
  );
}

type CellProps = { classType: ProgrammingClassType; date: string; workout: Workout | null; answer: WorkoutsAnswer; inList: boolean; onEdit: () => void };

function WorkoutCell({ classType, date, workout, answer, inList, onEdit }: CellProps) {
  const preview = workout ? plainText(workout.content) : '';
  const label = `${classType.name}, ${dayLabel(date, answer.country)}: ${workout ? `edit ${workout.title || 'workout'}` : 'add workout'}`;
  return (
    <UnstyledButton onClick={onEdit} aria-label={label} p="xs" mih={inList ? 0 : 96} className={classes.cell}>
      <Stack gap={4}>
        {/* In the list by day the type names the row; in the grid its row header does. */}
        {inList && <TypeName classType={classType} />}
        {workout ? (
          <>
            {workout.title && (
              <Text fw={600} size="sm" lineClamp={2}>
                {workout.title}
              </Text>
            )}
            <Text size="xs" c="dark.4" lineClamp={3}>
              {preview}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dark.3">
            + Add workout
          </Text>
        )}
      </Stack>
    </UnstyledButton>
  );
}
