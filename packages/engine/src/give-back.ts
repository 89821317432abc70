/**
 * Memory freed by the process given back to the system. glibc keeps what `free` returns in its arenas
 * for the next allocation, and gives back on its own only the top of each: after a render, the blocks
 * freed in their middle (libvips' tiles, the JavaScript heaps' buffers) stayed resident, some 70 MB
 * while the engine waited warm (decision 104). `malloc_trim(0)` hands every whole free page of every
 * arena back; it is called through Koffi, a foreign function interface, when a thread has just let go
 * of its work's memory. Where there is no glibc (musl, macOS, Windows) or Koffi cannot load, nothing
 * is done.
 */
type Trim = (pad: number) => number;

let trim: Promise<Trim | null> | undefined;

async function trimmer(): Promise<Trim | null> {
  if (process.platform !== 'linux') return null;
  try {
    const { default: koffi } = await import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
  } catch {
    return null;
  }
}

/**
 * Gives the process's free memory back to the system; resolves to whether it could be asked. It takes
 * a few milliseconds and holds each arena's lock in turn, so it is asked for when a thread falls idle.
 */
export async function giveBackFreedMemory(): Promise<boolean> {
  trim ??= trimmer();
  const call = await trim;
  if (!call) return false;
  try {
    call(0);
    return true;
  } catch {
    // Never a reason for a thread to fail: the memory stays where it was.
    return false;
  }
}
