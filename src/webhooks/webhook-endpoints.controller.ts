import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyAuth } from '../common/auth/api-key-auth.decorator.js';
import { RequestKey } from '../common/auth/request-key.decorator.js';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { jsonInt64Text } from '../common/int64/int64.js';
import { ApiTag } from '../common/openapi/api-tag.decorator.js';
import { setNextPageLink } from '../common/paging/keyset-paging.js';
import { ParseInt64Pipe } from '../common/validation/parse-int64.pipe.js';
import { CreateWebhookEndpointDto } from './dto/create-webhook-endpoint.dto.js';
import { ListWebhookAttemptsQueryDto } from './dto/list-webhook-attempts.query.dto.js';
import { ListWebhookEndpointsQueryDto } from './dto/list-webhook-endpoints.query.dto.js';
import { UpdateWebhookEndpointDto } from './dto/update-webhook-endpoint.dto.js';
import {
  CreatedWebhookEndpointDto,
  WebhookAttemptDto,
  WebhookEndpointDto,
  WebhookSecretDto,
} from './dto/webhook-endpoint.dto.js';
import {
  ApiCreateWebhookEndpoint,
  ApiDeleteWebhookEndpoint,
  ApiGetWebhookEndpoint,
  ApiListWebhookAttempts,
  ApiListWebhookEndpoints,
  ApiRotateWebhookSecret,
  ApiUpdateWebhookEndpoint,
} from './webhook-endpoints.openapi.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';

const ENDPOINTS_PATH = `/${API_PREFIX}/webhook-endpoints`;

@ApiTag(
  'webhooks',
  "Every family's events (orders' and any module's) POSTed to your URLs as they happen, signed.",
)
@ApiKeyAuth()
@Controller('webhook-endpoints')
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Post()
  @HttpCode(201)
  @ApiCreateWebhookEndpoint()
  async create(
    @Body() newEndpoint: CreateWebhookEndpointDto,
    @RequestKey() key: RequestKey,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CreatedWebhookEndpointDto> {
    const endpoint = await this.endpoints.create(newEndpoint, key);
    response.location(`${ENDPOINTS_PATH}/${jsonInt64Text(endpoint.id)}`);
    // The secret is in this body: no cache may keep it.
    response.set('Cache-Control', 'no-store');
    return endpoint;
  }

  @Get()
  @ApiListWebhookEndpoints()
  async list(
    @Query() query: ListWebhookEndpointsQueryDto,
    @RequestKey() key: RequestKey,
    @Res({ passthrough: true }) response: Response,
  ): Promise<WebhookEndpointDto[]> {
    const page = await this.endpoints.list(query, key);
    setNextPageLink(response, ENDPOINTS_PATH, query, {}, page);
    return page.items;
  }

  @Get(':endpointId')
  @ApiGetWebhookEndpoint()
  get(
    @Param('endpointId', ParseInt64Pipe) endpointId: bigint,
    @RequestKey() key: RequestKey,
  ): Promise<WebhookEndpointDto> {
    return this.endpoints.get(endpointId, key);
  }

  @Patch(':endpointId')
  @ApiUpdateWebhookEndpoint()
  update(
    @Param('endpointId', ParseInt64Pipe) endpointId: bigint,
    @Body() patch: UpdateWebhookEndpointDto,
    @RequestKey() key: RequestKey,
  ): Promise<WebhookEndpointDto> {
    return this.endpoints.update(endpointId, patch, key);
  }

  @Delete(':endpointId')
  @HttpCode(204)
  @ApiDeleteWebhookEndpoint()
  delete(
    @Param('endpointId', ParseInt64Pipe) endpointId: bigint,
    @RequestKey() key: RequestKey,
  ): Promise<void> {
    return this.endpoints.delete(endpointId, key);
  }

  @Post(':endpointId/rotate-secret')
  @HttpCode(200)
  @ApiRotateWebhookSecret()
  rotateSecret(
    @Param('endpointId', ParseInt64Pipe) endpointId: bigint,
    @RequestKey() key: RequestKey,
    @Res({ passthrough: true }) response: Response,
  ): Promise<WebhookSecretDto> {
    response.set('Cache-Control', 'no-store');
    return this.endpoints.rotateSecret(endpointId, key);
  }

  @Get(':endpointId/attempts')
  @ApiListWebhookAttempts()
  attempts(
    @Param('endpointId', ParseInt64Pipe) endpointId: bigint,
    @Query() query: ListWebhookAttemptsQueryDto,
    @RequestKey() key: RequestKey,
  ): Promise<WebhookAttemptDto[]> {
    return this.endpoints.attempts(endpointId, query, key);
  }
}
