/**
 * Leaves the app for a page of the payment provider (hosted checkout, customer portal). A full
 * page load: the provider's page is not ours, and coming back starts the app afresh.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
