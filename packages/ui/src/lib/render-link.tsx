import { Slot } from 'radix-ui';
import type { LinkItem } from './link-item.ts';
import { useUi } from './ui-provider.tsx';

export type { LinkItem, RenderLink } from './link-item.ts';

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
