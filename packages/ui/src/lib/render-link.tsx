import { Slot } from 'radix-ui';
import { useUi } from './ui-provider.tsx';

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

export interface ItemLinkProps<T extends LinkItem> extends Omit<React.ComponentProps<'a'>, 'href'> {
  item: T;
}

/**
 * A plain `<a href>` unless the app provided `renderLink` (`UiProvider`), whose element then
 * receives our props.
 */
export function ItemLink<T extends LinkItem>({ item, children, ...props }: ItemLinkProps<T>) {
  const { renderLink } = useUi();
  if (renderLink) return <Slot.Root {...props}>{renderLink(item, children)}</Slot.Root>;
  return (
    <a href={item.href} {...props}>
      {children}
    </a>
  );
}
