// The image's HEALTHCHECK: GET /api/health/live on the process's own listener (docs/decisions/065),
// PORT for ROLE=all or api, METRICS_PORT for ROLE=worker (which has no listener without it).
const role = process.env.ROLE ?? 'all';
const port = role === 'worker' ? process.env.METRICS_PORT : process.env.PORT || '3000';
if (!port) {
  console.error('ROLE=worker has no listener to check without METRICS_PORT');
  process.exit(1);
}
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health/live`, {
    signal: AbortSignal.timeout(4000),
  });
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
