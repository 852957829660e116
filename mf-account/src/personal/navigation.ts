// Leaving the personal centre after logout (§4): home, with a full reload so every app starts clean.
// Its own module so tests can replace the navigation that jsdom cannot perform.
export function goHomeAndReload() {
  window.location.assign('/');
}

/** A full reload: the last resort when a remote module stays unavailable in this page. */
export function reloadPage() {
  window.location.reload();
}
