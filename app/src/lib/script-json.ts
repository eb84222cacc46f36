/**
 * A value as JSON that is safe inside `<script type="application/json">`: no `</script>` or
 * `<!--` in it can end the element early, and the two line separators JavaScript once refused
 * are escaped too. Prerendered pages and pages rendered with data carry their texts and data so.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
