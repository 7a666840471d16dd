// The reader's choice of colours: light, dark, or "system" (the default), which
// follows the operating system's setting (prefers-color-scheme).
//
// The colours themselves live in web/style.css as light-dark() pairs, switched by
// `color-scheme`; a choice other than "system" is html[data-theme="light"|"dark"].
// It is kept in localStorage under THEME_KEY. The <head> of web/page.html and
// web/index.html applies a kept choice with a one-line script before the first
// paint (a module like this one runs only after the page is parsed, too late to
// avoid a flash of the other theme); this module keeps the header's menu, the
// attribute and the storage in step, in this tab and across tabs.
export const THEME_KEY = 'attn-theme';
const CHOICES = ['system', 'light', 'dark'];

/** The kept choice, or "system" when there is none (or storage is off, as in some private windows). */
export function keptTheme() {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return CHOICES.includes(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(choice) {
  const root = document.documentElement;
  if (choice === 'light' || choice === 'dark') root.dataset.theme = choice;
  else delete root.dataset.theme;
}

function keep(choice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch (error) {
    // Storage refused: the choice still holds for this page. A full storage is said, once, with the export,
    // by progress.js (told by an event: this file is also the <head>'s small classic script, theme-first.js).
    if (error instanceof DOMException && error.name === 'QuotaExceededError') document.dispatchEvent(new CustomEvent('attn-storage-full'));
  }
}

/** The menu in the header (<select id="theme-choice"> inside a hidden label: without JavaScript it could do nothing). */
function mountThemeMenu() {
  const menu = document.getElementById('theme-choice');
  if (!menu) return;
  menu.value = keptTheme();
  menu.closest('[hidden]')?.removeAttribute('hidden');
  menu.addEventListener('change', () => {
    keep(menu.value);
    applyTheme(menu.value);
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    menu.value = keptTheme();
    applyTheme(menu.value);
  });
}

applyTheme(keptTheme());
mountThemeMenu();
