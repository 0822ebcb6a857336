import { Module, type DynamicModule } from '@nestjs/common';
import { PipelineCoreModule, PlatformCoreModule } from '@platform/server-kit';
import type { WorkerEnv } from './env';
import { AlertsModule } from './alerts/alerts.module';
import { EventsModule } from './events/events.module';
import { HostsModule } from './hosts/hosts.module';
import { LeadsModule } from './leads/leads.module';
import { MediaModule } from './media/media.module';
import { MetricsController } from './metrics.controller';
import { ReservationsModule } from './reservations/reservations.module';
import { RetentionModule } from './retention/retention.module';
import { StockModule } from './stock/stock.module';
import { SyndicationModule } from './syndication/syndication.module';

/**
 * The worker process: the BullMQ processors (feed ingest, search indexing, maintenance, shopper
 * events, the lead outbox relay and lead delivery, the reservation sweep, shopper alerts, dealer photos, syndication feeds, custom domains' verification, retired sites' purge). It serves only health and
 * metrics over HTTP.
 */
@Module({})
export class WorkerModule {
  static forRoot(env: WorkerEnv): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        // A reindex step holds two connections (its site lock's and the engine's write) while drains
        // of the same site wait for that lock holding one each; with about twenty job slots beside
        // them, five left a step's write queueing behind other jobs and a timed-out write restarts
        // the whole reindex.
        PlatformCoreModule.forRoot({ env, appName: 'worker', poolSize: 10 }),
        PipelineCoreModule,
        StockModule,
        EventsModule,
        LeadsModule,
        ReservationsModule,
        AlertsModule,
        MediaModule,
        SyndicationModule,
        HostsModule,
        RetentionModule,
      ],
      controllers: [MetricsController],
    };
  }
}
