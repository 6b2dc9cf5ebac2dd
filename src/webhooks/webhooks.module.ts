import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { Clock } from '../common/time/clock.js';
import { PagingModule } from '../common/paging/paging.module.js';
import { EventsModule } from '../events/events.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { WebhookAttemptEntity } from './webhook-attempt.entity.js';
import { WebhookAttemptsPruning } from './webhook-attempts-pruning.service.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WebhookEndpointsController } from './webhook-endpoints.controller.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WebhookFanOut } from './webhook-fan-out.js';
import { WebhookKeyWatch } from './webhook-key-watch.service.js';
import { WebhookMetrics } from './webhook-metrics.js';
import { WebhookPoster } from './webhook-poster.js';
import { WebhookResolver } from './webhook-resolver.js';
import { WebhookResultRecorder } from './webhook-result-recorder.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookSigner } from './webhook-signer.js';
import { WebhookTargets } from './webhook-targets.js';

/** Webhooks: endpoints, a delivery queued per wanted event, and signed delivery with retries. */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookEndpointEntity, WebhookDeliveryEntity, WebhookAttemptEntity]),
    PagingModule,
    // What each endpoint's key may do now: endpoints act with their key's rights.
    ApiKeysModule,
    EventsModule,
    MetricsModule,
  ],
  controllers: [WebhookEndpointsController],
  providers: [
    WebhookEndpointsService,
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    WebhookFanOut,
    WebhookDispatcher,
    WebhookKeyWatch,
    WebhookMetrics,
    WebhookPoster,
    WebhookResolver,
    WebhookResultRecorder,
    WebhookTargets,
    WebhookSigner,
    WebhookSender,
    WebhookAttemptsPruning,
    Clock,
  ],
})
export class WebhooksModule {}
