import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ConfigValidationError } from './config-validation.error.js';
import type { Env } from './env.js';
import type { Environment } from './environment.js';

/** Webhooks' settings (part of AppConfig). */
export interface WebhooksConfig {
  /** Networks (CIDR) webhooks may be sent to although not public, over http or https. */
  webhookAllowedNetworks: readonly string[];
  /** Webhook endpoints one key may have (WEBHOOK_ENDPOINTS_PER_KEY). */
  webhookEndpointsPerKey: number;
}

export function loadWebhooksConfig(env: Env, settings: Environment): WebhooksConfig {
  return {
    webhookAllowedNetworks: parseAllowedNetworks(env.WEBHOOK_ALLOWED_NETWORKS),
    webhookEndpointsPerKey: settings.WEBHOOK_ENDPOINTS_PER_KEY,
  };
}

/** WEBHOOK_ALLOWED_NETWORKS: CIDR blocks or single addresses, comma-separated. */
function parseAllowedNetworks(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((entry) => {
    const network = entry.trim();
    if (isIP(network) === 0 && !ipaddr.isValidCIDR(network))
      throw new ConfigValidationError(
        'WEBHOOK_ALLOWED_NETWORKS',
        `must list networks in CIDR notation such as 10.20.0.0/16 or fd00::/8, comma-separated; ` +
          `got "${network}"`,
      );
    return network;
  });
}
