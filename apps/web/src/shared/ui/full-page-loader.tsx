import { Center, Loader } from '@mantine/core';

/** Shown while translations or a route chunk load; no text, the strings may not be loaded yet. */
export function FullPageLoader() {
  return (
    <Center mih="100dvh" role="progressbar" aria-busy="true">
      <Loader color="brand" />
    </Center>
  );
}
