import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { QueueProducer } from '@platform/queues';
import {
  LocalPaymentProvider,
  OnlinePaymentLedger,
  PaymentInbox,
  paymentProvidersFor,
  PaymentProviders,
  ReservationLedger,
} from '@platform/reservations';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { CarsModule } from '../cars/cars.module';
import { PlacesModule } from '../places/places.module';
import { SignInModule } from '../sign-in/sign-in.module';
import { SitesModule } from '../sites/sites.module';
import { OpsReservationsController } from './ops-reservations.controller';
import { PaymentsController } from './payments.controller';
import { ReservationsController } from './reservations.controller';
import { ReservationsService } from './reservations.service';

@Module({
  imports: [SitesModule, CarsModule, PlacesModule, SignInModule],
  controllers: [ReservationsController, PaymentsController, OpsReservationsController],
  providers: [
    ReservationsService,
    {
      provide: PaymentProviders,
      inject: [ENV, getDataSourceToken()],
      useFactory: (env: ApiEnv, dataSource: DataSource) => paymentProvidersFor(env, dataSource),
    },
    {
      provide: LocalPaymentProvider,
      inject: [PaymentProviders],
      useFactory: (providers: PaymentProviders) => providers.get('local') as LocalPaymentProvider,
    },
    {
      provide: ReservationLedger,
      inject: [getDataSourceToken(), PaymentProviders, QueueProducer],
      useFactory: (dataSource: DataSource, providers: PaymentProviders, producer: QueueProducer) =>
        new ReservationLedger(dataSource, providers, (siteId) => producer.add('searchIndex', { siteId })),
    },
    {
      provide: OnlinePaymentLedger,
      inject: [getDataSourceToken()],
      useFactory: (dataSource: DataSource) => new OnlinePaymentLedger(dataSource),
    },
    {
      provide: PaymentInbox,
      inject: [getDataSourceToken(), ReservationLedger, OnlinePaymentLedger],
      useFactory: (dataSource: DataSource, ledger: ReservationLedger, online: OnlinePaymentLedger) =>
        new PaymentInbox(dataSource, ledger, online),
    },
  ],
  exports: [PaymentProviders, ReservationLedger],
})
export class ReservationsModule {}
