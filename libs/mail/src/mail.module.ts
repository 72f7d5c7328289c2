import { Global, Module, type DynamicModule } from '@nestjs/common';
import { MAIL_OPTIONS, type MailOptions } from './mail-options.js';
import { MailSender } from './mail-sender.js';

/**
 * The mail outbox of one service: `MailSender` sends what `enqueueMail` records, from the start of the
 * application to its end. Needs the service's TypeORM connection and `mailMigrations` in its list.
 */
@Global()
@Module({})
export class MailModule {
  static forRoot(options: MailOptions): DynamicModule {
    return {
      module: MailModule,
      providers: [{ provide: MAIL_OPTIONS, useValue: options }, MailSender],
      exports: [MailSender],
    };
  }
}
