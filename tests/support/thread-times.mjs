// Processor time of every Chromium thread between two moments, read from Linux's /proc (for benchmarks:
// issue 22's two workers share two cores with the page's own threads, and every millisecond another thread
// runs is taken from a worker, which its teammate then waits out). Ticks are the kernel's (1/100 s).
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/** Chromium's kind of process, from its command line: "renderer", "gpu-process", "utility" or "browser". */
function processKind(pid) {
  // Split on NULs and spaces: a process started by Chromium's zygote rewrites its command line as one string.
  const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
  return args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length) ?? 'browser';
}

const parentOf = (pid) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
};

const belongs = new Map();  // `${profile} ${pid}` -> whether it is that Chromium's: a process keeps its parent

/** Whether `pid` is the Chromium started with the profile folder `profile`, or one of its descendants. */
function ofBrowser(pid, profile) {
  const key = `${profile} ${pid}`;
  if (!belongs.has(key)) {
    let found = false;
    for (let at = pid; !found && at !== '0' && at !== '1'; at = parentOf(at))
      found = fs.readFileSync(`/proc/${at}/cmdline`, 'utf8').includes(`--user-data-dir=${profile}`);
    belongs.set(key, found);
  }
  return belongs.get(key);
}

/**
 * @param profile  the profile folder of the Chromium to read (browser.mjs, launchChromium): only its
 *   processes, not another Chromium's on the same machine; none: every Chromium's
 * @returns {Map<string, {name: string, ticks: number, waitedNs: number, preempted: number}>} every such Chromium
 *   thread now, by pid:tid: its processor time in ticks; how long it has waited, ready to run, for a core
 *   (`schedstat`'s run-queue time, ns) and how often another thread took its core (involuntary switches)
 */
export function threadTimes(profile) {
  const threads = new Map();
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (!/^(chromium|chrome)$/.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim())) continue;
      if (profile && !ofBrowser(pid, profile)) continue;
      const kind = processKind(pid);
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const thread = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // A process's first thread carries the process's name; call it the main thread.
        const name = `${kind} ${tid === pid ? 'main' : thread.replace(/\d+$/, '')}`;
        const waitedNs = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
        const preempted = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8').match(/^nonvoluntary_ctxt_switches:\s+(\d+)/m)[1]);
        threads.set(`${pid}:${tid}`, { name, ticks: Number(fields[11]) + Number(fields[12]), waitedNs, preempted });
      }
    } catch {
      // a process or thread that ended while it was read
    }
  }
  return threads;
}

/**
 * Reads the time of every thread of the Chromium with `profile` every `everyMs` until stop() (threads that
 * end meanwhile, such as a training's workers, keep their last reading).
 * -> {stop(): the seconds each kind of thread took, as threadSeconds, and `waits`, as threadWaits}
 */
export function watchThreadTimes(profile, everyMs = 200) {
  const before = threadTimes(profile);
  const seen = new Map(before);
  const read = () => { for (const [key, thread] of threadTimes(profile)) seen.set(key, thread); };
  const timer = setInterval(read, everyMs);
  return {
    stop() {
      clearInterval(timer);
      read();
      return Object.assign(threadSeconds(before, seen), { waits: threadWaits(before, seen) });
    },
  };
}

/**
 * Of each kind of thread from `before` to `after`: the seconds it waited, ready, for a core another thread
 * held, and how often it was made to (on two cores a training worker's wait is its teammate's too).
 * -> [name, {seconds, preempted}] largest wait first
 */
export function threadWaits(before, after) {
  const waits = new Map();
  for (const [key, { name, waitedNs, preempted }] of after) {
    const was = before.get(key) ?? { waitedNs: 0, preempted: 0 };
    const sum = waits.get(name) ?? { seconds: 0, preempted: 0 };
    waits.set(name, { seconds: sum.seconds + (waitedNs - was.waitedNs) / 1e9, preempted: sum.preempted + preempted - was.preempted });
  }
  return [...waits].sort((a, b) => b[1].seconds - a[1].seconds);
}

/** Seconds of processor time each kind of thread took from `before` to `after`, largest first. */
export function threadSeconds(before, after) {
  const seconds = new Map();
  for (const [key, { name, ticks }] of after) {
    const spent = (ticks - (before.get(key)?.ticks ?? 0)) / TICKS_PER_SECOND;
    if (spent > 0) seconds.set(name, (seconds.get(name) ?? 0) + spent);
  }
  return [...seconds].sort((a, b) => b[1] - a[1]);
}
