/**
 * The approval chunk (docs/formal-minutes.md#approval-and-signature): the signing view of
 * `/notes?sign=…` and the approval panel of a formal note in the reader, one `import()` for both.
 * Inside the notes pages, not a page of its own: a page adds to the entry every page loads, and
 * the sign-in page has no room for it (docs/architecture.md#budgets).
 */
export const loadMinutesApproval = () => import('./minutes-approval.tsx');
