import type { Summary } from '@protokoll/contract';
import type { StoredSegment } from '../../db/schema.ts';

/**
 * The plain text the search column is built from: every transcript line and every summary text.
 * Whoever stores a transcript or a summary writes `searchText` with this.
 */
export function noteSearchText(
  segments: readonly StoredSegment[],
  summary: Summary | null,
): string {
  const parts = segments.map((segment) => segment.text);
  if (summary) {
    parts.push(summary.title, summary.overview);
    for (const topic of summary.topics) parts.push(topic.title, topic.text ?? '');
    for (const decision of summary.decisions) parts.push(decision.text);
    for (const item of summary.action_items)
      parts.push(item.task, item.owner ?? '', item.due ?? '');
  }
  return parts.filter(Boolean).join('\n');
}
