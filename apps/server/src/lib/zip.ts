/**
 * A zip archive of files that are already compressed (JPEG images), written as a stream: each entry is
 * stored as it is (no deflate, which would gain nothing on a JPEG), one file in memory at a time, then
 * the central directory. Names are UTF-8 (flagged as such), so accents survive in every unzip tool.
 * Enough for up to 65 535 entries and 4 GiB, far beyond one generation's images.
 */
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export type ZipEntry = { name: string; read: () => Promise<Buffer> };

const UTF8_NAMES = 1 << 11;
const STORED = 0;
const VERSION = 20;

/** The MS-DOS date and time zip headers keep. */
function dosTime(date: Date): { time: number; day: number } {
  const year = Math.max(date.getFullYear(), 1980);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

type Written = { name: Buffer; crc: number; size: number; offset: number };

function localHeader(entry: Written, when: { time: number; day: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(STORED, 8);
  header.writeUInt16LE(when.time, 10);
  header.writeUInt16LE(when.day, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.size, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Written, when: { time: number; day: number }): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(STORED, 10);
  header.writeUInt16LE(when.time, 12);
  header.writeUInt16LE(when.day, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.size, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** The archive as a stream; an entry that cannot be read ends the stream with its error. */
export function zipStream(entries: readonly ZipEntry[], date = new Date()): Readable {
  const when = dosTime(date);
  async function* chunks() {
    const written: Written[] = [];
    let offset = 0;
    for (const entry of entries) {
      const data = await entry.read();
      const record = { name: Buffer.from(entry.name, 'utf8'), crc: crc32(data), size: data.length, offset };
      const header = localHeader(record, when);
      yield header;
      yield data;
      offset += header.length + data.length;
      written.push(record);
    }
    const directory = Buffer.concat(written.map((entry) => centralHeader(entry, when)));
    yield directory;
    yield endOfDirectory(written.length, directory.length, offset);
  }
  return Readable.from(chunks());
}
