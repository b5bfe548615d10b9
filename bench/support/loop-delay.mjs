/**
 * Preloaded into a server process (NODE_OPTIONS=--import …/loop-delay.mjs, LOOP_DELAY_FILE=…) to
 * measure its event loop from inside without changing it: perf_hooks.monitorEventLoopDelay at
 * 1 ms resolution. On SIGUSR2 it writes what it saw since the previous SIGUSR2 (or since start) to
 * LOOP_DELAY_FILE as JSON, in milliseconds, and starts again. With LOOP_CPU_PROFILE=<prefix> it
 * also profiles the CPU (node:inspector) and writes each stretch's profile to <prefix>-<n>.cpuprofile.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
const profilePrefix = process.env.LOOP_CPU_PROFILE;
let session;
let stretch = 0;
if (profilePrefix) {
  session = new Session();
  session.connect();
  session.post('Profiler.enable', () => session.post('Profiler.start'));
}

function saveProfile(done) {
  if (!session) return done();
  session.post('Profiler.stop', (error, result) => {
    if (!error) fs.writeFileSync(`${profilePrefix}-${stretch}.cpuprofile`, JSON.stringify(result.profile));
    stretch += 1;
    session.post('Profiler.start', () => done());
  });
}

if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
  process.on('SIGUSR2', () => {
    const snapshot = {
      count: histogram.count,
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
    };
    saveProfile(() => {
      // After the profile is written (its serializing stalls the loop), so the next stretch does not count it.
      histogram.reset();
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(snapshot));
      fs.renameSync(`${file}.tmp`, file);
    });
  });
}
