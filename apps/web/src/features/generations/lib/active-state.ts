/**
 * The live list of the user's pending and processing generations, as the web app caches it: the
 * server's answer plus when each item arrived (so the time left can count down), kept up to date by
 * the `snapshot` and `generation` server-sent events (spec section 4, realtime).
 */
import {
  GENERATION_MODES,
  GENERATION_STATUSES,
  type ActiveGeneration,
  type ActiveResponse,
  type GenerationEvent,
  type GenerationStatus,
} from '@vitrine/shared/api/generations';

export type TrackedGeneration = ActiveGeneration & { receivedAt: number };
export type ActiveState = { items: TrackedGeneration[]; typicalSeconds: number };

export function isRunning(status: GenerationStatus): boolean {
  return status === 'pending' || status === 'processing';
}

function newestFirst(a: ActiveGeneration, b: ActiveGeneration): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

export function fromActiveResponse(response: ActiveResponse, now: number): ActiveState {
  return {
    items: response.items
      .filter((item) => isRunning(item.status))
      .map((item) => ({ ...item, receivedAt: now }))
      .sort(newestFirst),
    typicalSeconds: response.typicalSeconds,
  };
}

/** A running generation is added or refreshed; a finished one leaves the list. */
export function applyGeneration(
  state: ActiveState | undefined,
  generation: ActiveGeneration,
  now: number,
): ActiveState {
  const base = state ?? { items: [], typicalSeconds: 0 };
  const others = base.items.filter((item) => item.id !== generation.id);
  if (!isRunning(generation.status)) return { ...base, items: others };
  const { id, mode, status, progress, errorMessage, createdAt, updatedAt, estimatedSecondsLeft } = generation;
  const item = { id, mode, status, progress, errorMessage, createdAt, updatedAt, estimatedSecondsLeft };
  return { ...base, items: [...others, { ...item, receivedAt: now }].sort(newestFirst) };
}

export function withoutAll(state: ActiveState | undefined): ActiveState {
  return { items: [], typicalSeconds: state?.typicalSeconds ?? 0 };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isGeneration(value: unknown): value is ActiveGeneration {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    (GENERATION_MODES as readonly unknown[]).includes(value.mode) &&
    (GENERATION_STATUSES as readonly unknown[]).includes(value.status) &&
    (value.progress === null || typeof value.progress === 'number') &&
    (value.errorMessage === null || typeof value.errorMessage === 'string') &&
    typeof value.createdAt === 'string' &&
    typeof value.estimatedSecondsLeft === 'number'
  );
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** The data of a `generation` event, or null when it is not one (nothing from outside is trusted). */
export function parseGenerationEvent(data: string): GenerationEvent | null {
  const value = parseJson(data);
  if (!isGeneration(value)) return null;
  const resultId = (value as { resultId?: unknown }).resultId;
  return { ...value, resultId: typeof resultId === 'string' ? resultId : null };
}

/** The data of a `snapshot` event, or null. Malformed items are dropped rather than shown. */
export function parseSnapshot(data: string): ActiveResponse | null {
  const value = parseJson(data);
  if (!isRecord(value) || !Array.isArray(value.items)) return null;
  const typicalSeconds = typeof value.typicalSeconds === 'number' ? value.typicalSeconds : 0;
  return { items: value.items.filter(isGeneration), typicalSeconds };
}

/** What a generation event means for the user: a toast for a finished one, nothing otherwise. */
export function outcomeOf(event: Pick<GenerationEvent, 'status'>): 'completed' | 'failed' | null {
  if (event.status === 'completed') return 'completed';
  if (event.status === 'failed') return 'failed';
  return null;
}
