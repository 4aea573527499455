import { vi } from 'vitest';

// isolate: false (vitest.config.ts): a worker runs several files one after another in one module graph. Each file
// starts on the real clock and the real environment, whatever a file before it did: fixClock puts the clock back after
// its file, and this makes sure of it (a frozen clock left over stops the job workers of the next file).
vi.useRealTimers();
vi.unstubAllEnvs();
vi.unstubAllGlobals();
