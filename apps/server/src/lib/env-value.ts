/** What the server's settings share when read from the environment: an empty value is unset, as `.env.example` leaves them. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
