/** RFC 5987 `attr-char`s stay; everything else, `'()*` included, is percent-encoded as UTF-8. */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A `Content-Disposition` header naming a file (RFC 6266): `filename*` carries the real name in
 * UTF-8 (RFC 5987), and `filename` an ASCII stand-in for clients that read only that, with every
 * other character, quotes and backslashes as `_`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const name = filename.normalize('NFC');
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
