// Saving a file the page made (an export, a CSV, a network's weights) through a download link.

/**
 * How long the file's address stays valid after the click. The browser reads it after the click returns,
 * and on a busy or slow machine that can be seconds later: revoked too soon, the download silently never
 * starts. A minute costs only the file's memory for that minute.
 */
const KEEP_ADDRESS_MS = 60_000;

/** Offers `text` as a file named `name` to save, as a download. */
export function saveFile(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_ADDRESS_MS);
}
