// How fast this machine's Chromium is, as one figure printed beside the benchmarks' (bench-phone.mjs,
// trace-input.mjs): a slowed CPU is the host's CPU slowed, so "4x" is a slower phone on a slower host, and figures
// from two machines compare only through a task both timed. The task is a demo's work in small: a table of
// numbers written, laid out, written again and laid out again, in a blank page at full speed.

const TASK_RUNS = 9;

/** The median time, in ms, of the reference task in a new page of `context` (a Playwright browser context). */
export async function hostSpeed(context) {
  const page = await context.newPage();
  try {
    return await page.evaluate((runs) => {
      const once = () => {
        const start = performance.now();
        const table = document.createElement('table');
        for (let r = 0; r < 400; ++r) {
          const row = table.insertRow();
          for (let c = 0; c < 8; ++c) row.insertCell().textContent = (Math.sin(r * 8 + c) * 1000).toFixed(3);
        }
        document.body.append(table);
        void table.offsetHeight;  // styled and laid out
        for (const cell of table.querySelectorAll('td')) cell.textContent = (Number(cell.textContent) / 7).toFixed(4);
        void table.offsetHeight;
        table.remove();
        return performance.now() - start;
      };
      once();  // compiled and warmed
      const times = Array.from({ length: runs }, once).sort((a, b) => a - b);
      return times[Math.floor(runs / 2)];
    }, TASK_RUNS);
  } finally {
    await page.close();
  }
}

/** The line trace-input.mjs prints: the task's time on this machine. */
export const hostSpeedLine = async (context) => `host: the reference task (scripts/host-speed.mjs) takes ${(await hostSpeed(context)).toFixed(1)} ms at full speed`;
