/**
 * Where data sources may live. Unlike a webhook URL typed by any user, a data source URL is entered
 * by an owner or manager and names the organisation's own monitoring systems, which sit on private
 * networks (often on the same host), so the SSRF guard is opened for these ranges. Link-local
 * addresses, multicast and reserved ranges stay refused, and so do the cloud metadata addresses
 * inside the opened ranges (Alibaba's 100.100.100.200, AWS's fd00:ec2::254), which the guard
 * refuses whatever is opened: no monitoring system lives there, and a credential sent there would
 * leak.
 */
export const INTERNAL_NETWORKS: readonly string[] = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '::1/128',
  'fc00::/7',
];
