// Run one command and report the CPU it used: user + system seconds of the command and of every
// process under it that was waited for (Linux counts those in the waiter's "children" times, so a
// tsc under npm, or Vitest's workers and the servers the tests start, are included).
//
//   node scripts/cpu-time.mjs <command> [args…]
//
// The command's output and exit status pass through. The CPU seconds are written, as one JSON
// line `{"user":…,"system":…}`, to file descriptor 3 when the caller opened it (scripts/test.mjs
// does), else to stderr. Outside Linux (no /proc) nothing is measured and nothing is written.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeSync } from 'node:fs';

// /proc reports times in USER_HZ ticks, which the kernel fixes at 100 per second for user space.
const TICKS_PER_SECOND = 100;

/** The waited-for children's user and system CPU seconds of this process, or undefined. */
function childrenCpu() {
  let stat;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the command name (which may hold spaces, so split after its closing paren):
  // field 3 (state) is index 0, so cutime (16) and cstime (17) are indexes 13 and 14.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    user: Number(fields[13]) / TICKS_PER_SECOND,
    system: Number(fields[14]) / TICKS_PER_SECOND,
  };
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/cpu-time.mjs <command> [args…]');
  process.exit(2);
}
const run = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
if (run.error) console.error(`cpu-time: could not run ${command}: ${run.error.message}`);
const cpu = childrenCpu();
if (cpu) {
  const line = `${JSON.stringify(cpu)}\n`;
  try {
    writeSync(3, line);
  } catch {
    process.stderr.write(`cpu-time: ${line}`);
  }
}
process.exitCode = run.status ?? 1;
