// Types for what tests/support/osm-extract.ts uses of pbf 3 (no types of its own) and of the protobuf schema
// osm-pbf-parser-node generated with it (proto/*.js: each message has read and write).
declare module "pbf" {
  export default class Pbf {
    constructor(buffer?: Uint8Array);
    finish(): Uint8Array;
  }
}
declare module "osm-pbf-parser-node/proto/fileformat.js" {
  type Message = { write(obj: object, pbf: import("pbf").default): void };
  export const Blob: Message;
  export const BlobHeader: Message;
}
declare module "osm-pbf-parser-node/proto/osmformat.js" {
  type Message = { write(obj: object, pbf: import("pbf").default): void };
  export const HeaderBlock: Message;
  export const PrimitiveBlock: Message;
}
