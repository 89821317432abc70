/** GET /api/site: who runs this site, as the footer, the contact page and the legal pages say it. */
import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@vitrine/shared/api/site';
import { api } from '../../../lib/api-client';

/** What a fresh install says (the server's defaults), shown until the answer arrives or if it fails. */
export const DEFAULT_SITE_INFO: SiteInfo = {
  companyName: 'Vitrine',
  addressLines: ['Paris, France'],
  contactEmail: 'contact@vitrine.localhost',
  parentCompanyUrl: null,
};

export function useSiteInfo(): SiteInfo {
  const query = useQuery({
    queryKey: ['site-info'],
    queryFn: () => api<SiteInfo>('/api/site'),
    staleTime: 5 * 60_000,
  });
  return query.data ?? DEFAULT_SITE_INFO;
}
