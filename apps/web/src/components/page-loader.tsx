import { Center, Loader } from '@mantine/core';

/** Inside a layout, while a lazy page arrives: the shell stays, the content area shows a loader. */
export function PageLoader() {
  return (
    <Center py="xl" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
