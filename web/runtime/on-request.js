// Trained weights that load only when the learner asks (marked so in the network
// table, core/nn/network_table.cpp): the page starts from each network's summary, the figures
// recorded natively when its weights were made, and fetches the weights once,
// whoever asks first (its button, or saving them).
import { fetchText, requireLoaded } from './lesson-files.js';
import { siteUpdated, UPDATED_MESSAGE } from './site-version.js';
import { say } from './strings/index.js';
import { pageLanguage } from './strings/language.js';

/**
 * @param core      from loadCore()
 * @param listed    slot -> {weights, summary, bytes}: the page's data-models-on-request
 * @param networks  from createNetworks(): where the weights go
 */
export function createOnRequest(core, listed, networks) {
  const loads = new Map(); // slot -> Promise of its weights being loaded

  async function fetchAndLoad(slot) {
    const { weights } = listed[slot];
    if (siteUpdated()) throw new Error(UPDATED_MESSAGE);  // the file would be the new version's
    const text = await fetchText(weights);
    if (networks.has(slot)) return; // trained or loaded from a file meanwhile: that network stays
    requireLoaded(networks.use(slot, text, { kind: 'lesson' }), weights);
  }

  return {
    listed,
    /** Loads every summary into the core; throws what went wrong. */
    async loadSummaries() {
      await Promise.all(Object.entries(listed).map(async ([slot, { summary }]) => {
        requireLoaded(core.loadModelSummary(slot, await fetchText(summary)), summary);
      }));
    },
    /** Loads the slot's weights into the core; rejects with what went wrong, after which asking again tries again. */
    load(slot) {
      if (!loads.has(slot)) {
        const loading = fetchAndLoad(slot);
        loads.set(slot, loading);
        loading.catch(() => loads.delete(slot));
      }
      return loads.get(slot);
    },
  };
}

/** 1109175 -> "1.1 MB" */
export function sizeText(bytes) {
  return bytes >= 1024 * 1024 ? say('size.mb', { size: (bytes / 1024 / 1024).toLocaleString(pageLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }) }) : say('size.kb', { size: Math.ceil(bytes / 1024) });
}
