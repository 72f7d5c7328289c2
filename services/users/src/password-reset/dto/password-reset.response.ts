import { ApiProperty } from '@nestjs/swagger';

/** The answer of both password reset calls: a message to show as it is. */
export class PasswordResetAnswer {
  @ApiProperty({ example: 'If an account exists for this email, we have sent it a link to reset its password. The link is valid for 30 minutes.' })
  message: string;
}
