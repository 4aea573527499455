import { Center, Loader } from '@mantine/core';

/** Spec 2.1: shown while the session loads, and while a lazy page arrives. */
export function FullScreenLoader() {
  return (
    <Center mih="100vh" role="status" aria-live="polite" aria-label="Loading">
      <Loader />
    </Center>
  );
}
