import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { TokenClaims } from '@shop/contracts';
import { CurrentUser, SignedIn } from '@shop/service-kit';
import { ProfileService } from './profile.service.js';

@ApiTags('users')
@Controller('api/users/logout')
export class SignOutController {
  constructor(private readonly profile: ProfileService) {}

  /** The shop's Logout calls this before it forgets the user: the token must not outlive the session. */
  @Post()
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({ summary: "Signs the user out everywhere: every token of theirs is refused from now on, in every service", description: 'Signed-in users: ends every session of the account, in every service; takes no body.' })
  @ApiNoContentResponse({ description: 'Signed out' })
  signOut(@CurrentUser() user: TokenClaims): Promise<void> {
    return this.profile.signOut(user.sub);
  }
}
