import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { WebhookAddressPolicy } from './webhook-address-policy.js';
import { WebhookResolver, type ResolvedAddress } from './webhook-resolver.js';

/** Where a webhook goes: its URL and the one address checked for it, which it connects to. */
export interface WebhookTarget {
  url: URL;
  address: ResolvedAddress;
}

export type TargetVerdict = { target: WebhookTarget } | { refused: string };

/**
 * An endpoint's URL to the address to connect to, after resolving its name and checking every
 * address it resolves to: at creation and before every delivery (a name may change its answer).
 */
@Injectable()
export class WebhookTargets {
  private readonly policy: WebhookAddressPolicy;

  constructor(
    private readonly resolver: WebhookResolver,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = new WebhookAddressPolicy(config.webhookAllowedNetworks);
  }

  /** The URL's form alone: a message when it cannot be a webhook URL. */
  static malformed(text: string): string | undefined {
    // What WHATWG reads past (a backslash as a slash; tabs and newlines dropped, edges trimmed)
    // other parsers read otherwise: refused, so that every reader sees the host that was checked.
    if (text.includes('\\')) return 'must not hold a backslash (\\)';
    if ([...text].some((character) => character <= ' ' || character === '\u007f'))
      return 'must not hold spaces or control characters (percent-encode them)';
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'is not an absolute URL';
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
    if (url.username || url.password) return 'must not hold credentials (user:password@)';
    if (url.hash || text.includes('#')) return 'must not have a fragment (#…)';
    return undefined;
  }

  /** The WHATWG serialization of a well-formed URL: what is stored, shown and connected to. */
  static normalized(text: string): string {
    return new URL(text).href;
  }

  async check(text: string): Promise<TargetVerdict> {
    const url = new URL(text);
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: ResolvedAddress[];
    if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await this.resolver.resolve(hostname);
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'no answer';
        return { refused: `the name ${hostname} does not resolve (${code})` };
      }
      if (addresses.length === 0) return { refused: `the name ${hostname} resolves to nothing` };
    }
    // Every address, not only the first: a name answering a public and a private address would
    // otherwise reach the private one on another try.
    let plainHttpAllowed = true;
    for (const { address } of addresses) {
      const verdict = this.policy.judge(address);
      if (!verdict.allowed)
        return {
          refused:
            hostname === address ? verdict.reason : `${hostname} resolves to ${verdict.reason}`,
        };
      plainHttpAllowed &&= verdict.plainHttpAllowed;
    }
    if (url.protocol === 'http:' && !plainHttpAllowed)
      return {
        refused:
          'plain http is allowed only to the networks of WEBHOOK_ALLOWED_NETWORKS; use https',
      };
    return { target: { url, address: addresses[0] } };
  }
}
