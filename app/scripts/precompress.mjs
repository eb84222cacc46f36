import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes `.br` and `.gz` beside every text file of the build that is served, compressed once at the highest
 * levels; the server sends them to browsers that accept them (no compression per request).
 */
export function precompress(dir) {
  const walk = (folder) =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)],
    );
  for (const file of walk(dir)) {
    // Nothing in a hidden folder is served: Vite's manifest, the server's render module.
    if (
      /\/\.[^/]+\//.test(file.slice(dir.length)) ||
      !/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)
    )
      continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
