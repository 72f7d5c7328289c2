import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthModule, HealthModule, loggingModule, SERVICE_CONFIG, noStoreForApi } from '@shop/service-kit';
import { databaseModule } from '@shop/service-kit/database';
import { EventBusModule, eventBusEntities, natsAuthOf } from '@shop/event-bus';
import { MailModule, mailOptionsOf } from '@shop/mail';
import type { UsersConfig } from './config.js';
import { markArrival } from './request-timing.js';
import { PasswordResetModule } from './password-reset/password-reset.module.js';
import { usersMigrations } from './migrations/index.js';
import { SeedModule } from './seed/seed.module.js';
import { SignInModule } from './sign-in/sign-in.module.js';
import { SigningKey } from './tokens/signing-key.entity.js';
import { SigningKeys } from './tokens/signing-keys.service.js';
import { TokensModule } from './tokens/tokens.module.js';
import { AccountStandings } from './users/account-standings.js';
import { User } from './users/user.entity.js';
import { UsersModule } from './users/users.module.js';

/** The users service: accounts, sign-in, tokens and their public keys, roles. */
@Module({})
export class AppModule implements NestModule {
  /** Every answer carries a token or personal data: no cache keeps it. Arrival is noted for the password queue's bound. */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(markArrival, noStoreForApi).forRoutes('{*path}');
  }

  static forRoot(config: UsersConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        loggingModule('users', config.LOG_LEVEL),
        HealthModule.forRoot('users'),
        databaseModule({
          service: 'users',
          config,
          entities: [...eventBusEntities, User, SigningKey],
          migrations: usersMigrations,
        }),
        EventBusModule.forRoot({ service: 'users', prefix: config.INSTANCE_PREFIX, natsUrl: config.NATS_URL, natsAuth: natsAuthOf(config), streamReplicas: config.STREAM_REPLICAS }),
        MailModule.forRoot(mailOptionsOf(config)),
        TokensModule,
        // The users service verifies tokens with its own public keys, picked by kid: it needs no JWKS fetch of itself.
        AuthModule.forRoot({
          keys: { useExisting: SigningKeys },
          // Users owns the standings: read at every request, never remembered.
          standings: { useFactory: (db: DataSource) => new AccountStandings(db), inject: [DataSource] },
          rememberStandingMs: 0,
        }),
        UsersModule,
        SignInModule,
        PasswordResetModule,
        SeedModule,
      ],
      providers: [{ provide: SERVICE_CONFIG, useValue: config }],
      exports: [SERVICE_CONFIG],
    };
  }
}
