import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('OpenCV in WebAssembly', () => {
  it("loads without taking over the process's handling of uncaught errors", () => {
    // A fresh process: Node caches the module, so only a first load shows what it installs.
    const script = `
      const before = [process.listeners('uncaughtException').length, process.listeners('unhandledRejection').length];
      const { openCv } = await import(${JSON.stringify(path.join(import.meta.dirname, 'opencv.ts'))});
      const { cv } = await openCv();
      const after = [process.listeners('uncaughtException').length, process.listeners('unhandledRejection').length];
      console.log(JSON.stringify({ before, after, grabCut: typeof cv.grabCut }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const { before, after, grabCut } = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(grabCut).toBe('function');
    expect(after).toEqual(before);
  }, 30_000);
});
