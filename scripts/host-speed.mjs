// How fast this machine's Chromium is, as two figures printed beside the benchmarks' (bench-phone.mjs,
// trace-input.mjs): a slowed CPU is the host's CPU slowed, so "4x" is a slower phone on a slower host, and figures
// from two machines compare only through tasks both timed.
// - The page task is a demo's work in small: a table of numbers written, laid out, written again and laid out
//   again, in a blank page at full speed.
// - The script task is arithmetic alone, no page: a machine can be quick at it and slow at the page task (the
//   machine of 2026-12-06 in docs/benchmarks.md), and a phone benchmark's frames are mostly the page's work.

const TASK_RUNS = 9;

/** The medians, in ms, of the two reference tasks in a new page of `context` (a Playwright browser context). */
export async function hostSpeeds(context) {
  const page = await context.newPage();
  try {
    return await page.evaluate((runs) => {
      const pageTask = () => {
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
      };
      const scriptTask = () => {
        const values = new Float64Array(1 << 18);
        let sum = 0;
        for (let pass = 0; pass < 20; ++pass) {
          for (let i = 0; i < values.length; ++i) { values[i] = values[i] * 0.5 + i; sum += values[i]; }
        }
        return sum;
      };
      const median = (task) => {
        task();  // compiled and warmed
        const times = Array.from({ length: runs }, () => {
          const start = performance.now();
          task();
          return performance.now() - start;
        }).sort((a, b) => a - b);
        return times[Math.floor(runs / 2)];
      };
      return { page: median(pageTask), script: median(scriptTask) };
    }, TASK_RUNS);
  } finally {
    await page.close();
  }
}

/** Both figures in a few words: "host task 81 ms, script task 9.6 ms". */
export const hostSpeedWords = ({ page, script }) => `host task ${page.toFixed(0)} ms, script task ${script.toFixed(1)} ms`;

/** The line trace-input.mjs prints: the tasks' times on this machine. */
export const hostSpeedLine = async (context) =>
  `host: the reference tasks (scripts/host-speed.mjs) at full speed: ${hostSpeedWords(await hostSpeeds(context))}`;
