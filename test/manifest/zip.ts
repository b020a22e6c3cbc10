import { inflateRawSync } from "node:zlib";

/**
 * The names of the entries of a zip file, read from its central directory (APPNOTE.TXT 4.3.12 and
 * 4.3.16): enough to list what a release ships without a zip library. No ZIP64 and no archive
 * comment, which scripts/package.mjs (yazl) never writes for an archive this small.
 */
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;

export function zipEntryNames(zip: Buffer): string[] {
  const end = zip.length - 22;
  if (end < 0 || zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY)
    throw new Error("not a zip file without an archive comment");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error(`bad central directory entry ${i}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * The text of one entry, stored or deflated (APPNOTE.TXT 4.3.7 local header, 4.4.5 methods 0 and 8):
 * the central directory gives the local header's offset and the compressed size.
 */
export function zipEntryText(zip: Buffer, wanted: string): string {
  const end = zip.length - 22;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (zip.toString("utf8", at + 46, at + 46 + nameLength) === wanted) {
      const method = zip.readUInt16LE(at + 10);
      const size = zip.readUInt32LE(at + 20);
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : data).toString("utf8");
    }
    at = next;
  }
  throw new Error(`no entry ${wanted}`);
}
