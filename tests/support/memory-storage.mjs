// A localStorage in memory, with what the runtime uses (web/runtime/kept.js), for the runtime's tests under
// Node. `full = true` makes every write fail as a full storage does (a QuotaExceededError).
export class MemoryStorage {
  constructor() { this.map = new Map(); this.full = false; }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { if (this.full) throw new DOMException('full', 'QuotaExceededError'); this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}
