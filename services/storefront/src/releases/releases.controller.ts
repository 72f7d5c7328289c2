import { Body, Controller, Get, Header, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { BUILD_ID, REMOTE_NAME } from '@shop/contracts';
import type { ReleasesStatus } from '@shop/mf-releases';
import { BodyLimit, JsonBodyInterceptor } from '@shop/service-kit';
import { AdminCaller, type Admin } from './admin-caller.js';
import { PromoteBodyDto, ReleasesStatusResponse, RollbackBodyDto } from './releases-status.dto.js';
import { Releases } from './releases.service.js';
import { zodBody } from './zod-body.js';

/** The build the admin means (the row they clicked): refused with 409 when the remote moved on meanwhile. */
const meantBuild = z.string().regex(BUILD_ID, 'build is a build id (10 hex digits)').optional();
const promoteBody = z.object({ percent: z.number().int('percent is a whole number').min(1, 'percent is 1 to 100').max(100, 'percent is 1 to 100').optional(), build: meantBuild }).strict();
const rollbackBody = z.object({ build: meantBuild }).strict();
const remoteName = z.string().regex(REMOTE_NAME, 'No such remote');

/** How the actions log names an admin. */
const nameOf = (admin: Admin) => `${admin.name} <${admin.email}> (${admin.id})`;

/**
 * The Releases page's API (admin-mf), admins only: each remote's current, canary and retained builds
 * with what shoppers reported of them, and promote and rollback, each logged with who asked.
 */
@ApiTags('releases')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No token, or a token that failed' })
@ApiForbiddenResponse({ description: 'Not an admin' })
@Controller('api/releases')
@UseInterceptors(JsonBodyInterceptor)
export class ReleasesController {
  constructor(
    private readonly releases: Releases,
    private readonly admins: AdminCaller,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "Each remote's builds, what shoppers reported of them, and the last release actions", description: 'Admins only: the releases screen.' })
  @ApiOkResponse({ type: ReleasesStatusResponse })
  async status(@Req() req: Request): Promise<ReleasesStatus> {
    await this.admins.of(req);
    return this.releases.status();
  }

  @Post(':remote/promote')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @BodyLimit('1kb')
  @ApiOperation({ summary: "Serves the remote's canary to more shoppers, or to all (it becomes the current build)", description: 'Admins only. The body may name the canary build meant, so that a promote meant for an older canary is refused (409).' })
  @ApiBody({ type: PromoteBodyDto, required: false })
  @ApiOkResponse({ type: ReleasesStatusResponse })
  @ApiNotFoundResponse({ description: 'The remote has no canary' })
  @ApiConflictResponse({ description: 'The remote has another canary than the build meant' })
  async promote(@Req() req: Request, @Param('remote') remote: string, @Body() body: unknown): Promise<ReleasesStatus> {
    const admin = await this.admins.of(req);
    const { percent, build } = zodBody(promoteBody, body ?? {});
    return this.releases.promote(zodBody(remoteName, remote, 404), percent, build, nameOf(admin));
  }

  @Post(':remote/rollback')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @BodyLimit('1kb')
  @ApiOperation({ summary: "Withdraws the remote's canary; without one, makes the build retired last current again", description: 'Admins only. The body may name the build meant, so that a rollback meant for an older state is refused (409).' })
  @ApiBody({ type: RollbackBodyDto, required: false })
  @ApiOkResponse({ type: ReleasesStatusResponse })
  @ApiNotFoundResponse({ description: 'Nothing to roll back to' })
  @ApiConflictResponse({ description: 'The remote moved on from the build meant' })
  async rollback(@Req() req: Request, @Param('remote') remote: string, @Body() body: unknown): Promise<ReleasesStatus> {
    const admin = await this.admins.of(req);
    const { build } = zodBody(rollbackBody, body ?? {});
    return this.releases.rollback(zodBody(remoteName, remote, 404), build, nameOf(admin));
  }
}
