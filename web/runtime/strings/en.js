// The page runtime's words in English: one table per language, keyed by what each string is for.
// `{name}` is filled by say() (strings/index.js). The task-sheet builder's words are here first; the
// rest of the runtime's words move here as the pages are translated (issue 24, item 5).
export default {
  // Teacher mode (?teach): the task-sheet builder under each demo (teach-panel.js).
  'teach.banner': 'Teacher mode: under each demo, make a link that opens it with your values, locks and hides, and copy it or its embed snippet for your task sheet. The links you copy do not open this mode.',
  'teach.leave': 'Leave teacher mode',
  'teach.title': 'Task sheet for “{demo}”',
  'teach.how': 'Set the values with the demo\'s controls above, then tick what learners may not change (lock) or not see (hide).',
  'teach.setting': 'Setting',
  'teach.value': 'In the link',
  'teach.lock': 'Lock',
  'teach.hide': 'Hide',
  'teach.lock_label': 'Lock “{label}”',
  'teach.hide_label': 'Hide “{label}”',
  'teach.changed': 'your value',
  'teach.preset': 'the lesson\'s',
  'teach.lesson_locks': 'locked by the lesson',
  'teach.lesson_hides': 'hidden by the lesson',
  'teach.no_control': 'set in the picture',
  'teach.link_label': 'The task-sheet link for “{demo}”',
  'teach.snippet_label': 'HTML that embeds “{demo}” as set here',
  'teach.link_heading': 'Link',
  'teach.snippet_heading': 'Embed snippet',
  'teach.copy_link': 'Copy the link',
  'teach.copy_snippet': 'Copy the embed snippet',
  'teach.open_link': 'Open the link',
  'teach.copied_link': 'The link is copied.',
  'teach.copied_snippet': 'The embed snippet is copied.',
  'teach.copy_refused': 'This browser did not let the page copy: the text is selected, so press Ctrl+C (⌘C on a Mac) to copy it.',
  'teach.checked': 'Checked: the demo takes these values, and the link opens it as set here{what}.',
  'teach.checked_with': ' with {parts}',
  'teach.checked_locked': '{labels} locked',
  'teach.checked_hidden': '{labels} hidden',
  'teach.checked_and': ' and ',
  'teach.refused': 'The demo refuses these values, so there is no link to copy yet: {message}. Change the value in the demo above.',
  'teach.unreadable': 'The link would not open as set here, so there is nothing to copy: {problems}',
  'teach.differs': 'The link would open with {what} not as set here.',
  // A link's value the demo refuses, not locked (locks.js).
  'link.refused_value': 'The link you followed sets {labels} to a value this demo cannot use: {message}. Change it in the demo, or go back to the lesson\'s values; until then the results shown are the lesson\'s.',
  // The explain panel: where a value with no arithmetic comes from, by its explanation's `given` (explain-panel.js).
  'explain.given_weight': 'A number the network learned in training (its weights file): it is where the arithmetic starts.',
  'explain.given_forward': 'Computed by the network\'s earlier layers, each block reading what the blocks before it wrote; its own arithmetic is not worked out here.',
};
