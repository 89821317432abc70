/**
 * The service status (spec sections 2 and 4): GET /api/status, public. Each service is checked for
 * real (docs/decisions/027); the image provider's own status page is read when the operator names one.
 */

export const SERVICE_IDS = ['images', 'auth', 'uploads', 'dashboard', 'api'] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export const SERVICE_STATES = ['operational', 'degraded', 'outage', 'maintenance'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

export type ServiceStatus = { id: ServiceId; status: ServiceState; lastChecked: string };

/** A component of the provider's status page, as it reports it. */
export type ProviderStatus = {
  id: string;
  name: string;
  status: ServiceState;
  /** The component's description, or the fallback when the page could not be read. */
  description: string | null;
  updatedAt: string | null;
  /** The provider's page could not be read: shown as operational, with the fallback sentence. */
  checkFailed: boolean;
};

export type StatusResponse = {
  checkedAt: string;
  /** Operational only when every service (and the provider, if any) is. */
  overall: 'operational' | 'issues';
  services: ServiceStatus[];
  /** Null when the images are drawn by Vitrine itself, or no provider status page is configured. */
  provider: ProviderStatus | null;
};
