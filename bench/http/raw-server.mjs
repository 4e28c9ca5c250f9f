// The yardstick of bench/http/hot-pages.mts: plain node:http answering every request with the same bytes and
// headers (read from the JSON file given), nothing else. Prints its port.
import { readFileSync } from "node:fs";
import http from "node:http";

const pages = JSON.parse(readFileSync(process.argv[2], "utf8"));
const byPath = new Map(pages.map((page) => [page.path, { body: Buffer.from(page.body, "base64"), headers: page.headers }]));
const server = http.createServer((request, response) => {
  const page = byPath.get(request.url);
  if (!page) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, page.headers);
  response.end(page.body);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
