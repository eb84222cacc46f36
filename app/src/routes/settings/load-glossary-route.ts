/**
 * The glossary page's chunk (`/settings/glossary`, and a folder's glossary dialog on the notes
 * pages): one `import()` for both, in a module the entry loads, so the notes page's chunk does not
 * carry a second list of the chunk's dependencies (docs/architecture.md#chunks).
 */
export const loadGlossaryRoute = () => import('./glossary-route.tsx');
