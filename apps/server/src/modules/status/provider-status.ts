/**
 * The image provider's own status, read from its public status page (a Statuspage `components.json`,
 * IMAGE_PROVIDER_STATUS_URL) at most every 5 minutes (spec section 7). The component shown is the
 * first whose name or id contains "api" or whose name contains "platform", else the first operational
 * one, else the first. A page that cannot be read counts as operational, and says so.
 */
import type { ProviderStatus, ServiceState } from '@vitrine/shared/api/status';

export const PROVIDER_STATUS_TTL_MS = 5 * 60_000;
const TIMEOUT_MS = 5000;
const MAX_BYTES = 1024 * 1024;

type Component = {
  id?: unknown;
  name?: unknown;
  status?: unknown;
  description?: unknown;
  updated_at?: unknown;
};

/** Statuspage's component states, in ours. */
const STATE: Record<string, ServiceState> = {
  operational: 'operational',
  degraded_performance: 'degraded',
  partial_outage: 'degraded',
  major_outage: 'outage',
  under_maintenance: 'maintenance',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function pickComponent(components: Component[]): Component | undefined {
  const named = components.find((c) => {
    const name = text(c.name).toLowerCase();
    return name.includes('api') || text(c.id).toLowerCase().includes('api') || name.includes('platform');
  });
  return named ?? components.find((c) => c.status === 'operational') ?? components[0];
}

export function providerStatusOf(body: unknown): ProviderStatus | null {
  const list = (body as { components?: unknown } | null)?.components;
  if (!Array.isArray(list)) return null;
  const component = pickComponent(list.filter((c): c is Component => typeof c === 'object' && c !== null));
  if (!component) return null;
  const status = STATE[text(component.status)];
  if (!status) return null;
  const updated = text(component.updated_at);
  return {
    id: text(component.id).slice(0, 100),
    name: text(component.name).slice(0, 200),
    status,
    description: text(component.description).slice(0, 500) || null,
    updatedAt: updated && !Number.isNaN(Date.parse(updated)) ? new Date(updated).toISOString() : null,
    checkFailed: false,
  };
}

async function readBounded(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error('provider status page over 1 MB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const FAILED: ProviderStatus = {
  id: '',
  name: '',
  status: 'operational',
  description: null,
  updatedAt: null,
  checkFailed: true,
};

/** Reads the provider's status page, keeping the answer for five minutes. */
export function createProviderStatus(url: string, onError: (error: unknown) => void) {
  let cached: { at: number; value: Promise<ProviderStatus> } | undefined;
  async function read(): Promise<ProviderStatus> {
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json' },
        redirect: 'follow',
      });
      if (!response.ok) throw new Error(`provider status page answered ${response.status}`);
      const status = providerStatusOf(JSON.parse(await readBounded(response)));
      if (!status) throw new Error('provider status page has no usable component');
      return status;
    } catch (error) {
      onError(error);
      return FAILED;
    }
  }
  return {
    current(now = Date.now()): Promise<ProviderStatus> {
      if (!cached || now - cached.at >= PROVIDER_STATUS_TTL_MS) cached = { at: now, value: read() };
      return cached.value;
    },
  };
}
