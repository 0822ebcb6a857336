import { Module } from '@nestjs/common';
import { ReservationProcessors } from './reservation-processors';

@Module({ providers: [ReservationProcessors] })
export class ReservationsModule {}
