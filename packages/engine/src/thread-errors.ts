/**
 * Errors as they cross between threads (the render threads and the cut-out thread): plain data on the
 * way over, an Error again on arrival, an EngineError keeping its code.
 */
import { EngineError, isEngineError, type EngineErrorCode } from './errors';

export type ThreadError =
  | { engine: true; code: EngineErrorCode; message: string }
  | { engine: false; message: string; stack?: string };

export function threadError(error: unknown): ThreadError {
  if (isEngineError(error)) return { engine: true, code: error.code, message: error.message };
  return {
    engine: false,
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  };
}

export function errorFrom(error: ThreadError): Error {
  if (error.engine) return new EngineError(error.code, error.message);
  const rebuilt = new Error(error.message);
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}
