import { describe, expect, it } from 'vitest';
import type { Profile } from '@vitrine/shared/api/auth';
import { changedFields, toFormValues } from './profile-form';

const profile: Profile = {
  firstName: 'Camille',
  lastName: 'Martin',
  companyName: 'Atelier Martin',
  jobTitle: null,
  phoneNumber: null,
  website: 'https://atelier.example',
};

describe('account personal information form', () => {
  it('edits the six profile fields, empty ones as blank text', () => {
    expect(toFormValues(profile)).toEqual({
      firstName: 'Camille',
      lastName: 'Martin',
      companyName: 'Atelier Martin',
      jobTitle: '',
      phoneNumber: '',
      website: 'https://atelier.example',
    });
  });

  it('sends only the fields that changed, trimmed, and nothing when only spaces were added', () => {
    const values = { ...toFormValues(profile), jobTitle: ' Gérante ', companyName: '', lastName: 'Martin  ' };
    expect(changedFields(values, profile)).toEqual({ jobTitle: 'Gérante', companyName: '' });
    expect(changedFields(toFormValues(profile), profile)).toEqual({});
  });
});
