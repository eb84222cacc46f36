/**
 * The signing page's chunk (`/signatures`, and the approval panel of a formal note in the
 * reader): one `import()` for both, in a module the entry loads (docs/architecture.md#chunks).
 */
export const loadSignaturesRoute = () => import('./signatures-route.tsx');
