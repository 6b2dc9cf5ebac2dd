import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { ApiKeyStandings } from '../api-keys/api-key-standings.js';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { Clock } from '../common/time/clock.js';
import { PINO_LOGGER } from '../logging/logging.module.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import type { EventEntity } from '../events/event.entity.js';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WebhookMetrics, type WithheldReason } from './webhook-metrics.js';

/** Endpoints follow their key: after each keys reload, a lost key's endpoints are disabled. */
@Injectable()
export class WebhookKeyWatch implements OnModuleInit {
  private readonly logger: Logger;
  private sweeping?: Promise<void>;
  private failing = false;

  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly standings: ApiKeyStandings,
    private readonly metrics: WebhookMetrics,
    private readonly clock: Clock,
    @Inject(PINO_LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'Webhooks' });
  }

  onModuleInit(): void {
    this.standings.onReload(() => void this.sweep());
  }

  /** One pass over the enabled endpoints; a pass already running is shared. */
  sweep(): Promise<void> {
    this.sweeping ??= this.disableLost()
      .then(() => {
        this.failing = false;
      })
      .catch((error: unknown) => {
        // The next reload tries again; meanwhile nothing is sent for a lost key (the dispatcher
        // asks before each attempt).
        if (!this.failing)
          this.logger.warn(
            `Checking webhook endpoints' keys failed (${error instanceof Error ? error.message : String(error)}).`,
          );
        this.failing = true;
      })
      .finally(() => {
        this.sweeping = undefined;
      });
    return this.sweeping;
  }

  private async disableLost(): Promise<void> {
    const now = this.clock.now();
    for (const endpoint of await this.endpoints.enabled()) {
      const standing = this.standings.standingOf({
        name: endpoint.owner,
        keyId: endpoint.ownerKeyId,
      });
      if (standing.state === 'lost') {
        if (await this.endpoints.disable(endpoint.id, standing.reason, new Date(now))) {
          this.metrics.endpointDisabled(standing.reason);
          this.logger.warn(
            { endpointId: String(endpoint.id), key: endpoint.owner },
            `webhook endpoint disabled: ${standing.reason}`,
          );
        }
      } else if (
        standing.state === 'active' &&
        endpoint.ownerKeyId === null &&
        standing.keyId !== undefined
      )
        await this.endpoints.pinOwnerKey(endpoint.id, standing.keyId);
    }
  }

  /** Whether the endpoint's key, as it stands now, lets this event go to it. */
  verdictOf(
    endpoint: WebhookEndpointEntity,
    event: EventEntity,
  ): 'send' | 'defer' | WithheldReason {
    const standing = this.standings.standingOf({
      name: endpoint.owner,
      keyId: endpoint.ownerKeyId,
    });
    if (standing.state === 'lost') return standing.reason;
    if (standing.state === 'unknown') return 'defer';
    // Queued while its key was a store key, now a partner's: another's order is not its to see.
    if (standing.kind === ApiKeyKind.PARTNER && event.owner !== endpoint.owner) return 'key_kind';
    return 'send';
  }
}
