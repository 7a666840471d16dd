// Under every demo that runs a trained network: which network each of its slots
// holds now, "Back to the lesson's network" when it is not the lesson's, and,
// when the page was opened from a link whose networks were trained in the
// sender's browser, the offer to train the identical one here.
import { describeNetwork, networkName, trainingText } from './networks.js';
import { el } from './dom.js';
import { say } from './strings/index.js';


/**
 * @param view      the mounted demo
 * @param slots     the slots it reads (the core's declaration)
 * @param networks  from createNetworks()
 * @param linked    Map slot -> training settings a link asked for (linkedTrainings())
 * @param trainer   {train(config)} from the train panel, or null on a page without one
 */
export function attachNetworkLine(view, slots, networks, linked, trainer) {
  const list = el('ul', { className: 'network-line' });
  list.setAttribute('aria-label', say('networks.label'));
  view.container.append(list);

  function item(slot) {
    const origin = networks.origin(slot);
    const li = el('li', {}, [describeNetwork(slot, origin)]);
    const wanted = linked.get(slot);
    const matchesLink = origin?.kind === 'trained' && origin.config && trainingText(origin.config) === trainingText(wanted ?? {});
    if (wanted?.problem && trainer) {
      li.append(` ${say('networks.not_offered', { problem: wanted.problem })}`);
    } else if (wanted && !matchesLink && trainer) {
      const train = el('button', { type: 'button', textContent: say('networks.train_as_link', { name: networkName(slot) }) });
      train.addEventListener('click', () => trainer.train(wanted));
      li.append(` ${say('networks.link_used', { name: networkName(slot), training: trainingText(wanted) })} `, train);
    }
    if (origin && origin.kind !== 'lesson' && networks.hasLessonNetwork(slot)) {
      const back = el('button', { type: 'button', textContent: say('networks.back') });
      back.addEventListener('click', () => networks.backToLesson(slot));
      li.append(' ', back);
    }
    return li;
  }

  const refresh = () => list.replaceChildren(...slots.map(item));
  networks.onChange((slot) => { if (slots.includes(slot)) refresh(); });
  refresh();
  return { refresh };
}

/**
 * Under the training plan: the link's training settings for networks no demo of this page reads
 * (a mistyped or hand-made net.… key), which would otherwise be dropped without a word.
 * @param slotsRead  every slot a demo of the page reads
 */
export function attachUnusedTrainings(view, linked, slotsRead) {
  const unused = [...linked.keys()].filter((slot) => !slotsRead.has(slot));
  if (!unused.length) return;
  const names = unused.map((slot) => `“${slot}”`).join(', ');
  view.container.append(el('p', { className: 'link-problem', textContent:
    say('networks.unused', { names }) }));
}
