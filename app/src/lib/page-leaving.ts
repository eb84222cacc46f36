/*
 * Whether the page is being left (docs/sessions.md#leaving-the-page): from `pagehide` on, until
 * the back-forward cache shows it again. The browser cancels the requests of a page it leaves,
 * and they fail as if the network had gone; such a failure says nothing about the server's view
 * of the session.
 */

let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export const isPageLeaving = (): boolean => leaving;
