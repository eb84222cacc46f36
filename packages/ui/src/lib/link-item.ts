// What the app hands the UI to render a link: below `ui-provider.tsx` and `render-link.tsx`,
// which both need it.

/** Anything a link can point at: the app hands these in, the UI never builds a URL itself. */
export interface LinkItem {
  /** Stable identifier, used as React key and for tests. */
  key: string;
  /** Visible, already translated text. */
  label: string;
  /** Target the app resolved for the active locale, e.g. "/notes" or "/en/notes". */
  href: string;
}

/**
 * Lets the app render its router link. Return one element that forwards unknown props
 * (className, aria-current, onClick) to its anchor: the UI merges its own props onto it.
 */
export type RenderLink<T extends LinkItem = LinkItem> = (
  item: T,
  children: React.ReactNode,
) => React.ReactElement;
