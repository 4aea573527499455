import fs from 'node:fs';
import net from 'node:net';
import { exitOf, type ServerProcess } from './server-process';

/** Linux: the state letter and parent pid of a process, or null when there is no such process. */
function procStat(pid: number): { state: string; ppid: number } | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may itself hold spaces and parentheses.
  const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: state!, ppid: Number(ppid) };
}

function childPids(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => procStat(candidate)?.ppid === pid);
}

/** Running, or dead but not yet reaped (a zombie still counts: it may hold nothing, but it is not gone). */
export function processExists(pid: number): boolean {
  return procStat(pid) !== null;
}

/** The pid of the node process that runs the server: the spawned process itself (`node --import tsx`, no child). */
export function serverPid(server: ServerProcess): number {
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server process was not spawned');
  return pid;
}

export function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * kill -9 of the server's own process. Resolves once the server process is
 * gone (reaped, not a zombie) and the spawned process has exited; throws if either takes longer than 15 s.
 */
export async function killServerHard(server: ServerProcess, pid = serverPid(server)): Promise<void> {
  process.kill(pid, 'SIGKILL');
  await exitOf(server, 15_000);
  const deadline = Date.now() + 15_000;
  while (processExists(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} still exists after SIGKILL (state ${procStat(pid)?.state})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Best-effort cleanup: SIGKILL the server process and the process that spawned it, whatever state they are in. */
export function killQuietly(server: ServerProcess): void {
  const pids = server.child.pid === undefined ? [] : [...childPids(server.child.pid), server.child.pid];
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
