import { cn } from './cn.ts';

/**
 * The look of the plain text areas of the summary editor (the overview, a topic's text, the head's
 * names) and of the approval panel (an objection, a refusal's reason): the Textarea component's, on a plain element, so the editor's chunk shares no component with
 * the new-note page that the bundler would split into a file of its own.
 */
export const textareaLook = cn(
  'field-sizing-content flex min-h-20 w-full min-w-0 rounded-md border border-input bg-surface',
  'px-3 py-2 text-sm text-foreground shadow-xs transition-colors outline-none',
  'wrap-break-word placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
  'aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/30',
);
