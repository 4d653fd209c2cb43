/**
 * CPU time of processes on this machine (Linux /proc), for the benchmarks that run servers as
 * processes of their own: the console instances, and PostgreSQL's or ClickHouse's processes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system, every thread) a process has used so far; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of every process a system user runs now (PostgreSQL's backends and workers,
 * ClickHouse's server), other sessions' too. A process that ends between two readings takes its
 * time with it, so a difference of two readings can come out low, even negative.
 */
export function userCpu(user: string): number {
  try {
    return execFileSync('pgrep', ['-u', user], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number).reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  } catch {
    return 0;
  }
}
