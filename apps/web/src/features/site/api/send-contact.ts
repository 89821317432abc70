/** POST /api/contact: sends the contact form. */
import { useMutation } from '@tanstack/react-query';
import type { ContactInput, ContactResponse } from '@vitrine/shared/api/contact';
import { api } from '../../../lib/api-client';

export function useSendContact() {
  return useMutation({
    mutationFn: (input: ContactInput) =>
      api<ContactResponse>('/api/contact', { method: 'POST', json: input }),
  });
}
