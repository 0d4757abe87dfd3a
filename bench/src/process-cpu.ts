import { readFileSync } from 'node:fs';

/**
 * CPU time a process has used so far (user + system, from /proc), in microseconds; undefined when
 * the process or /proc is gone. Benches read it before and after a load: CPU per request or message
 * moves far less than rates do on a shared box.
 */
export function cpuMicroseconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime (fields 14 and 15 of stat; 12 and 13 after the command), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}
