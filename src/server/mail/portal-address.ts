import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';

/**
 * The address every link in mail starts with: PUBLIC_URL, or without it (development) the address
 * the portal listens on, so a link always reaches the portal instead of being a bare path.
 */
export function portalAddress(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, listening?: AddressInfo | string | null): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const bound = listening && typeof listening === 'object' ? { host: listening.address, port: listening.port } : config;
  return `http://${reachableHost(bound.host)}:${bound.port}`;
}

/** A wildcard or loopback listen address: a person on this machine reaches it as localhost. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '' || host === '127.0.0.1' || host === '::1') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
