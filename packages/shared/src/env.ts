/** What settings read from the environment share: an empty value is unset, as `.env.example` leaves them. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
