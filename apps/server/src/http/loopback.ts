import { isIPv4 } from 'node:net';

/** 127.0.0.0/8, ::1 or ::ffff:127.x.x.x: a client on this machine, by its socket's address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}
