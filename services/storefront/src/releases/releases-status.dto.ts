import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { BUILD_ID } from '@shop/contracts';
import { RELEASE_ACTIONS } from '@shop/mf-releases';

/** The 75th percentile of each Web Vital shoppers reported of a build; null before any report. */
export class VitalsResponse {
  @ApiProperty({ type: Number, nullable: true, description: 'Largest Contentful Paint, ms' })
  LCP!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Interaction to Next Paint, ms' })
  INP!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Cumulative Layout Shift, unitless' })
  CLS!: number | null;
}

export class BuildStatusResponse {
  @ApiProperty({ example: '3f9a1c2b7d' })
  build!: string;

  @ApiProperty({ description: 'Verified page sessions that reported on the build (pages the storefront server served, each once)' })
  sessions!: number;

  @ApiProperty({ description: 'Sessions that met an error or a failed load of the build' })
  errorSessions!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'errorSessions in % of sessions, one decimal' })
  errorRatePercent!: number | null;

  @ApiProperty()
  errors!: number;

  @ApiProperty()
  loadFailures!: number;

  @ApiProperty({ description: "The storefront server's renders of pages whose slot is the build's" })
  renders!: number;

  @ApiProperty({ description: "Server renders where the build's server code failed to load or render" })
  renderFailures!: number;

  @ApiProperty({ description: "Requests for files the build's manifest lists (once per client and file)" })
  fileRequests!: number;

  @ApiProperty({ description: 'Of those, the ones the storefront server could not serve' })
  fileFailures!: number;

  @ApiProperty({ type: VitalsResponse })
  vitals!: VitalsResponse;
}

export class CanaryStatusResponse extends BuildStatusResponse {
  @ApiProperty({ description: 'The share of shoppers served the canary', minimum: 1, maximum: 99 })
  percent!: number;

  @ApiProperty({ format: 'date-time' })
  startedAt!: string;

  @ApiProperty({ description: 'Who started it' })
  by!: string;
}

export class RetainedBuildResponse extends BuildStatusResponse {
  @ApiProperty({ format: 'date-time' })
  retiredAt!: string;

  @ApiProperty({ format: 'date-time', description: 'Pages that loaded it keep loading it until then' })
  servedUntil!: string;

  @ApiProperty({ description: 'Rolled back: withdrawn at once instead of served for the retention window' })
  rolledBack!: boolean;
}

@ApiExtraModels(BuildStatusResponse, CanaryStatusResponse)
export class RemoteReleasesResponse {
  @ApiProperty({ example: 'catalog' })
  name!: string;

  // oneOf, not Nest's allOf: a null must match the schema too, and validators (Prism among them) read
  // `nullable` beside allOf as still requiring the object.
  @ApiProperty({ nullable: true, oneOf: [{ $ref: getSchemaPath(BuildStatusResponse) }] })
  current!: BuildStatusResponse | null;

  @ApiProperty({ nullable: true, oneOf: [{ $ref: getSchemaPath(CanaryStatusResponse) }] })
  canary!: CanaryStatusResponse | null;

  @ApiProperty({ type: [RetainedBuildResponse] })
  retained!: RetainedBuildResponse[];
}

export class CanaryRuleResponse {
  @ApiProperty({ description: 'A canary is judged on a signal once it and the current build each have this many sessions (renders, file requests)' })
  minSessions!: number;

  @ApiProperty({ description: "Rolled back when its failure rate exceeds the current build's by more than this many points..." })
  errorMarginPercent!: number;

  @ApiProperty({ description: '...and a one-sided two-proportion z-test finds it worse at this confidence' })
  confidencePercent!: number;
}

export class ReleaseActionResponse {
  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiProperty({ example: 'Admin User <admin@example.com>' })
  who!: string;

  @ApiProperty({ enum: RELEASE_ACTIONS })
  action!: (typeof RELEASE_ACTIONS)[number];

  @ApiProperty()
  remote!: string;

  @ApiProperty()
  build!: string;

  @ApiProperty()
  detail!: string;
}

export class ReleasesStatusResponse {
  @ApiProperty({ description: 'false when the storefront server runs fixed builds (MF_REMOTES): nothing can be promoted or rolled back' })
  managed!: boolean;

  @ApiProperty({ type: CanaryRuleResponse })
  rule!: CanaryRuleResponse;

  @ApiProperty({ type: [RemoteReleasesResponse] })
  remotes!: RemoteReleasesResponse[];

  @ApiProperty({ type: [ReleaseActionResponse], description: 'The last 50, newest first' })
  actions!: ReleaseActionResponse[];
}

export class PromoteBodyDto {
  @ApiProperty({ required: false, minimum: 1, maximum: 100, description: 'The share of shoppers to serve the canary; 100 (the default) makes it current' })
  percent?: number;

  @ApiProperty({ required: false, pattern: BUILD_ID.source, description: 'The canary meant: refused with 409 when the remote has another by now' })
  build?: string;
}

export class RollbackBodyDto {
  @ApiProperty({
    required: false,
    pattern: BUILD_ID.source,
    description: 'The build meant to be withdrawn (the canary, or without one the current build): refused with 409 when the remote moved on',
  })
  build?: string;
}
