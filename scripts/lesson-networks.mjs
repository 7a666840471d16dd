// The trained networks the lessons ship, read from the core's one table of networks
// (core/nn/network_table.cpp, printed by `attn networks --json`; docs/networks.md). A network
// belongs to the lesson whose folder holds its weights file, and the table says whether the page
// loads it at once or on request, so no lesson.json keeps a copy of either.
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE_CLI = path.join(ROOT, 'build/native/attn');

let table;
/** The network table as the native tool prints it, asked once a process. */
export function networkTable() {
  table ??= JSON.parse(execFileSync(NATIVE_CLI, ['networks', '--json'], { encoding: 'utf8' }));
  return table;
}

/**
 * Every table-scene network whose weights a lesson ships, in the table's order (the language model's
 * are compiled into its module): {slot, name, label, file (from the repository's root), onRequest}.
 */
export function shippedNetworks() {
  return networkTable().filter((e) => e.input === 'table-scene').flatMap((e) => e.trained.filter((t) => t.weights)
    .map((t) => ({ slot: `${t.task}/${e.name}`, name: e.name, label: e.label, file: t.weights, onRequest: t.load_on_request })));
}

/** The shipped networks whose weights lie in lessons/<slug>/, each with `weights`: its file from that folder. */
export function lessonNetworks(slug) {
  const folder = `lessons/${slug}/`;
  return shippedNetworks().filter((n) => n.file.startsWith(folder)).map((n) => ({ ...n, weights: n.file.slice(folder.length) }));
}

/** name -> label ("plain-256" -> "Plain-256"), as the lessons' text names every network of the table. */
export const networkLabels = () => Object.fromEntries(networkTable().map((e) => [e.name, e.label]));
