import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import { Button, MantineProvider, Stack, TextInput } from '@mantine/core';

// The baseline of bench/web.ts: what any React 19 + Mantine page loads, built as apps/web is built.
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <MantineProvider>
      <Stack p="md" maw={360}>
        <TextInput label="Email" type="email" />
        <Button>Continue</Button>
      </Stack>
    </MantineProvider>
  </StrictMode>,
);
