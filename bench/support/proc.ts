import fs from 'node:fs';

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 1/100 s); NaN once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

let addressCounter = 0;

/** A new client address for X-Forwarded-For (10.x.y.z, one per call), so per-address limits see many clients. */
export function forwardedAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}
