// After `react-router build`: a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy of every compressible file
// in build/client, made once here instead of on every request (issue 19). server/app.ts serves them
// (serveStatic's `precompressed`) to browsers that accept them; files too small to gain are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "build", "client");
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|html|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
for (const file of files(root)) {
  const size = statSync(file).size;
  if (size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
  const gz = gzipSync(bytes, { level: 9 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += size;
  afterBr += br.byteLength;
}
console.log(`precompressed ${count} files in build/client: ${Math.round(before / 1024)} KB → ${Math.round(afterBr / 1024)} KB with Brotli`);
