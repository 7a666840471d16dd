// The button under a demo that shows a network's recorded figures until its
// weights, which load on request, are loaded (data-load-weights="task/model").
// States: recorded figures (button offered, with the file's size), loading,
// loaded (by this button, a training or a file), failed (a message; the button tries again).
import { sizeText } from './on-request.js';
import { networkName } from './networks.js';
import { el } from './dom.js';
import { say } from './strings/index.js';


/**
 * @param view       the mounted demo (mountDemo's return value)
 * @param slot       "find/plain-256"
 * @param onRequest  from createOnRequest()
 * @param networks   from createNetworks()
 */
export function attachLoadWeightsButton(view, slot, onRequest, networks) {
  const name = networkName(slot);
  const label = say('weights.load', { name, size: sizeText(onRequest.listed[slot].bytes) });
  const button = el('button', { type: 'button', className: 'load-weights', textContent: label });
  const status = el('p', { className: 'load-weights-status',
    textContent: say('weights.recorded', { name }) });
  status.setAttribute('role', 'status');
  const panel = el('div', { className: 'load-weights-panel' }, [button, status]);
  view.container.append(panel);

  function refresh() {
    if (!networks.has(slot)) return;
    button.hidden = true;
    status.classList.remove('problem');
    status.textContent = say('weights.loaded', { name });
  }

  button.addEventListener('click', async () => {
    button.disabled = true;
    button.textContent = say('weights.loading', { name });
    panel.setAttribute('aria-busy', 'true');
    status.classList.remove('problem');
    try {
      await onRequest.load(slot);
      refresh();
    } catch (error) {
      status.classList.add('problem');
      status.textContent = say('weights.failed', { name, error: error.message });
    } finally {
      panel.removeAttribute('aria-busy');
      button.disabled = false;
      button.textContent = label;
    }
  });

  networks.onChange((changed) => { if (changed === slot) refresh(); });
  refresh();
}
