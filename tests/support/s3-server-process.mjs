// Runs s3rver (a local S3-compatible server) in its own process for tests/support/s3-server.ts:
//   node --openssl-legacy-provider tests/support/s3-server-process.mjs <directory> <bucket>
// Prints "listening <port>" once it answers on 127.0.0.1; stops on SIGTERM/SIGINT or when its parent goes
// (its stdin closes). The legacy provider is for s3rver's ListObjectsV2 continuation tokens (DES-encrypted),
// which OpenSSL 3 refuses otherwise: without it any listing longer than one page fails.
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error("usage: s3-server-process.mjs <directory> <bucket>");
  process.exit(2);
}
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();

// Nothing to finish: every request's file is written before it is answered.
const stop = () => process.exit(0);
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
process.stdout.write(`listening ${address.port}\n`);
