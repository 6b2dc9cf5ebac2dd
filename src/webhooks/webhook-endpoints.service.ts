import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { ApiKeyStandings, type LostKeyReason } from '../api-keys/api-key-standings.js';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { RequestKey } from '../common/auth/request-key.decorator.js';
import { Clock } from '../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { jsonInt64 } from '../common/int64/int64.js';
import { KeysetPaging, pageLimit, type Page } from '../common/paging/keyset-paging.js';
import { EventIds } from '../events/event-ids.js';
import { eventTypes } from '../events/event-catalog.js';
import type { CreateWebhookEndpointDto } from './dto/create-webhook-endpoint.dto.js';
import type { ListWebhookAttemptsQueryDto } from './dto/list-webhook-attempts.query.dto.js';
import type { ListWebhookEndpointsQueryDto } from './dto/list-webhook-endpoints.query.dto.js';
import type { UpdateWebhookEndpointDto } from './dto/update-webhook-endpoint.dto.js';
import type {
  CreatedWebhookEndpointDto,
  WebhookAttemptDto,
  WebhookEndpointDto,
  WebhookSecretDto,
} from './dto/webhook-endpoint.dto.js';
import type { WebhookAttemptEntity } from './webhook-attempt.entity.js';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import {
  WebhookEndpointsRepository,
  type EndpointOwner,
  type WebhookEndpointChanges,
} from './webhook-endpoints.repository.js';
import { PREVIOUS_SECRET_SIGNS_MS } from './webhook-retry-schedule.js';
import { newWebhookSecret } from './webhook-signer.js';
import { WebhookTargets } from './webhook-targets.js';
import { WebhooksErrorCode } from './webhooks.errors.js';

const PATCH_FIELDS = ['url', 'eventTypes', 'description', 'enabled'] as const;

@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly targets: WebhookTargets,
    private readonly paging: KeysetPaging,
    private readonly standings: ApiKeyStandings,
    private readonly ids: EventIds,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Creates an endpoint owned by the key, after checking where its URL leads. */
  async create(
    newEndpoint: CreateWebhookEndpointDto,
    key: RequestKey,
  ): Promise<CreatedWebhookEndpointDto> {
    const url = WebhookTargets.normalized(newEndpoint.url);
    await this.checkUrl(url);
    const secret = newWebhookSecret();
    const endpoint = await this.endpoints.insertWithin(
      {
        owner: key.name,
        ownerKeyId: key.id,
        ownerKindAtCreation: key.kind,
        url,
        eventTypes: (newEndpoint.eventTypes ?? eventTypes()).join(','),
        description: newEndpoint.description ?? null,
        secret,
        previousSecret: null,
        previousSecretExpiresAt: null,
        enabled: true,
        disabledReason: null,
        disabledAt: null,
        failingSince: null,
        lastSuccessAt: null,
        createdAt: new Date(this.clock.now()),
      },
      this.config.webhookEndpointsPerKey,
    );
    if (endpoint === undefined)
      throw new UnprocessableEntityException(
        `The key "${key.name}" has ${this.config.webhookEndpointsPerKey} webhook endpoints, the ` +
          'most one key may have (WEBHOOK_ENDPOINTS_PER_KEY). Delete one it no longer needs, or ' +
          'give one endpoint more event types.',
        { errorCode: WebhooksErrorCode.WEBHOOK_ENDPOINT_LIMIT },
      );
    return { ...toWebhookEndpointDto(endpoint, this.clock.now()), secret };
  }

  async list(
    query: ListWebhookEndpointsQueryDto,
    key: RequestKey,
  ): Promise<Page<WebhookEndpointDto>> {
    const page = await this.paging.page(
      query,
      `webhook-endpoints:${key.name}`,
      (afterId, take) => this.endpoints.listAfter(afterId, take, ownerOf(key)),
      (endpoint) => endpoint.id,
    );
    const now = this.clock.now();
    return { ...page, items: page.items.map((endpoint) => toWebhookEndpointDto(endpoint, now)) };
  }

  async get(id: bigint, key: RequestKey): Promise<WebhookEndpointDto> {
    return toWebhookEndpointDto(await this.found(id, key), this.clock.now());
  }

  /** A JSON Merge Patch of url, eventTypes, description and enabled. */
  async update(
    id: bigint,
    patch: UpdateWebhookEndpointDto,
    key: RequestKey,
  ): Promise<WebhookEndpointDto> {
    if (PATCH_FIELDS.every((field) => patch[field] === undefined))
      throw new BadRequestException(
        `The patch is empty: send at least one of ${PATCH_FIELDS.join(', ')}.`,
      );
    const endpoint = await this.found(id, key);
    // Only what differs is written: a patch that changes nothing is the endpoint as it is.
    const changes: WebhookEndpointChanges = {};
    const url = patch.url === undefined ? undefined : WebhookTargets.normalized(patch.url);
    if (url !== undefined && url !== endpoint.url) {
      await this.checkUrl(url);
      changes.url = url;
    }
    const eventTypes = patch.eventTypes?.join(',');
    if (eventTypes !== undefined && eventTypes !== endpoint.eventTypes)
      changes.eventTypes = eventTypes;
    if (patch.description !== undefined && patch.description !== endpoint.description)
      changes.description = patch.description;
    if (patch.enabled !== undefined && patch.enabled !== endpoint.enabled) {
      if (patch.enabled) this.refuseWithoutItsKey(endpoint);
      changes.enabled = patch.enabled;
      changes.failingSince = null;
      changes.disabledReason = patch.enabled ? null : `disabled with the key "${key.name}"`;
      changes.disabledAt = patch.enabled ? null : new Date(this.clock.now());
    }
    if (Object.keys(changes).length === 0) return toWebhookEndpointDto(endpoint, this.clock.now());
    if (!(await this.endpoints.update(id, changes))) throw notFound(id);
    return this.get(id, key);
  }

  async delete(id: bigint, key: RequestKey): Promise<void> {
    await this.found(id, key);
    if (!(await this.endpoints.delete(id))) throw notFound(id);
  }

  /** A new secret; the current one keeps signing beside it for PREVIOUS_SECRET_SIGNS_MS. */
  async rotateSecret(id: bigint, key: RequestKey): Promise<WebhookSecretDto> {
    const endpoint = await this.found(id, key);
    const secret = newWebhookSecret();
    const previousSecretExpiresAt = new Date(this.clock.now() + PREVIOUS_SECRET_SIGNS_MS);
    if (
      !(await this.endpoints.update(id, {
        secret,
        previousSecret: endpoint.secret,
        previousSecretExpiresAt,
      }))
    )
      throw notFound(id);
    return { secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
  }

  async attempts(
    id: bigint,
    query: ListWebhookAttemptsQueryDto,
    key: RequestKey,
  ): Promise<WebhookAttemptDto[]> {
    await this.found(id, key);
    await this.ids.ready();
    return (await this.endpoints.lastAttempts(id, pageLimit(query))).map((attempt) =>
      toWebhookAttemptDto(attempt, this.ids),
    );
  }

  /** The endpoint; another partner's is 404, exactly as a missing one. */
  private async found(id: bigint, key: RequestKey): Promise<WebhookEndpointEntity> {
    const endpoint = await this.endpoints.find(id, ownerOf(key));
    if (!endpoint) throw notFound(id);
    return endpoint;
  }

  /** An endpoint acts with its key's rights: one whose key is lost stays disabled. */
  private refuseWithoutItsKey(endpoint: WebhookEndpointEntity): void {
    const standing = this.standings.standingOf({
      name: endpoint.owner,
      keyId: endpoint.ownerKeyId,
    });
    if (standing.state === 'lost')
      throw new ConflictException(
        `Webhook endpoint ${endpoint.id} cannot be enabled: the key "${endpoint.owner}" that owns ` +
          `it is ${LOST_KEY_WORDS[standing.reason]}, and an endpoint acts with its key's rights. ` +
          'Delete it, or create another endpoint with a valid key.',
        { errorCode: WebhooksErrorCode.WEBHOOK_KEY_LOST },
      );
  }

  private async checkUrl(url: string): Promise<void> {
    const verdict = await this.targets.check(url);
    if ('refused' in verdict)
      throw new UnprocessableEntityException(
        `url is refused: ${verdict.refused}. Webhooks go to public addresses over https (or to ` +
          'WEBHOOK_ALLOWED_NETWORKS).',
        { errorCode: WebhooksErrorCode.WEBHOOK_URL_REFUSED },
      );
  }
}

/** A partner key's own endpoints only; a store key's every endpoint. */
function ownerOf(key: RequestKey): EndpointOwner | undefined {
  return key.kind === ApiKeyKind.PARTNER ? { name: key.name, keyId: key.id } : undefined;
}

const LOST_KEY_WORDS: Record<LostKeyReason, string> = {
  key_revoked: 'revoked',
  key_expired: 'expired',
  key_removed: 'no longer accepted (removed from API_KEYS, or its name now another key’s)',
};

function notFound(id: bigint): NotFoundException {
  return new NotFoundException(`No webhook endpoint with id ${id}.`);
}

export function toWebhookEndpointDto(
  endpoint: WebhookEndpointEntity,
  now: number,
): WebhookEndpointDto {
  const dto: WebhookEndpointDto = {
    id: jsonInt64(endpoint.id),
    url: endpoint.url,
    eventTypes: endpoint.eventTypes.split(','),
    owner: endpoint.owner,
    enabled: endpoint.enabled,
    createdAt: endpoint.createdAt.toISOString(),
  };
  if (endpoint.description !== null) dto.description = endpoint.description;
  if (endpoint.disabledReason !== null) dto.disabledReason = endpoint.disabledReason;
  if (endpoint.disabledAt !== null) dto.disabledAt = endpoint.disabledAt.toISOString();
  if (endpoint.failingSince !== null) dto.failingSince = endpoint.failingSince.toISOString();
  if (endpoint.lastSuccessAt !== null) dto.lastSuccessAt = endpoint.lastSuccessAt.toISOString();
  if (endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt.getTime() > now)
    dto.previousSecretExpiresAt = endpoint.previousSecretExpiresAt.toISOString();
  return dto;
}

function toWebhookAttemptDto(attempt: WebhookAttemptEntity, ids: EventIds): WebhookAttemptDto {
  const dto: WebhookAttemptDto = {
    eventId: ids.of(attempt.eventId),
    attempt: attempt.attempt,
    attemptedAt: attempt.attemptedAt.toISOString(),
    durationMs: attempt.durationMs,
    outcome: attempt.outcome,
    excerpt: attempt.excerpt,
  };
  if (attempt.statusCode !== null) dto.statusCode = attempt.statusCode;
  if (attempt.connectionWaitMs !== null) dto.connectionWaitMs = attempt.connectionWaitMs;
  return dto;
}
